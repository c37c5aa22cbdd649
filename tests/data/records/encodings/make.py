"""Writes the same game record in five encodings: python3 tests/data/records/encodings/make.py

The record is public case E3@+ (Red's rook chases Black's unprotected cannon for ever; Red
loses) as a Taiwanese or Hong Kong PGN writes it: traditional characters (車, 包, 進), the
tags in Chinese too, a comment, CR LF line ends. Every character is in Big5 and in GBK, so
the one text goes into each encoding unchanged. Python's own codecs write the files; run
from anywhere, it writes beside itself.
"""

from pathlib import Path

RECORD = (
    '[Game "Chinese Chess"]\r\n'
    '[Event "編碼測試：車長捉包"]\r\n'
    '[Site "臺北"]\r\n'
    '[Red "紅方"]\r\n'
    '[Black "黑方"]\r\n'
    '[Result "0-1"]\r\n'
    '[FEN "4k4/9/c8/9/9/9/9/9/9/1R1K5 w - - 0 1"]\r\n'
    "\r\n"
    "1. 車八平九 包１平２\r\n"
    "2. 車九平八 包２平１ {紅車長捉黑包，黑包無根}\r\n"
    "3. 車八平九 包１平２\r\n"
    "4. 車九平八 包２平１\r\n"
    "5. 車八平九 {紅方不變，判負}\r\n"
    "0-1\r\n"
)

# File name -> Python codec. "utf-16-le"/"utf-16-be" write no byte-order mark of their own:
# it is added below, as Windows Notepad writes one.
FILES = {
    "E3_plus_utf8.pgn": "utf-8",
    "E3_plus_gbk.pgn": "gbk",
    "E3_plus_big5.pgn": "big5",
    "E3_plus_utf16le_bom.pgn": "utf-16-le",
    "E3_plus_utf16be_bom.pgn": "utf-16-be",
}

here = Path(__file__).resolve().parent
for name, codec in FILES.items():
    data = RECORD.encode(codec)
    if codec.startswith("utf-16"):
        data = "\ufeff".encode(codec) + data
    (here / name).write_bytes(data)
    print(f"{name}: {len(data)} bytes ({codec})")
