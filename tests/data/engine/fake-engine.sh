#!/usr/bin/env bash
# A fake UCI engine for the bridge's tests (tests/it/engine.rs): it shakes hands like a
# xiangqi engine (ICCS squares, as its name is not Fairy-Stockfish's), then misbehaves at `go`
# as its first argument says:
#   good      answers h2e2 (legal from the start, for Red)
#   die       exits
#   die-once  exits the first time (it leaves the file named by its second argument), then
#             answers like `good`
#   hang      never answers, not even to `stop`
#   illegal   answers e0e8 (a king's leap)
#   garbage   answers `bestmove banana`
#   longline  writes one line of 100 000 bytes
#   left-out  answers b0a0 (legal, but a move the law left out in the tests' chase)
#   no-xiangqi  offers no xiangqi variant at all
mode="${1:-good}"
marker="${2:-}"
while IFS= read -r line; do
    case "$line" in
        uci)
            echo "id name Fake Engine 1.0"
            if [ "$mode" = no-xiangqi ]; then
                echo "option name UCI_Variant type combo default chess var chess var shogi"
            else
                echo "option name UCI_Variant type combo default chess var chess var xiangqi"
            fi
            echo "option name Skill Level type spin default 20 min 0 max 20"
            echo "uciok"
            ;;
        isready) echo "readyok" ;;
        go*)
            case "$mode" in
                good) echo "info depth 3 score cp 12 pv h2e2"; echo "bestmove h2e2" ;;
                die) exit 3 ;;
                die-once)
                    if [ ! -e "$marker" ]; then : > "$marker"; exit 3; fi
                    echo "bestmove h2e2"
                    ;;
                hang) ;;
                illegal) echo "bestmove e0e8" ;;
                garbage) echo "bestmove banana" ;;
                longline) head -c 100000 /dev/zero | tr '\0' 'x'; echo ;;
                left-out) echo "bestmove b0a0" ;;
            esac
            ;;
        quit) exit 0 ;;
    esac
done
