# xiangqi-arbiter: multi-stage build.
#   docker build -t xiangqi-arbiter:0.1.0 .
#   docker run --rm -p 8080:8080 xiangqi-arbiter:0.1.0

FROM rust:1-slim-bookworm AS build
WORKDIR /src
# The whole context (see .dockerignore), so every target the manifest names is present.
COPY . .
# The profile-guided build (scripts/pgo.sh: build instrumented, serve the training load on
# loopback, build again with the profile, check the pinned answers): about a fifth more
# requests per second than a plain `cargo build --release` (docs/performance.md). CI runs
# the same script from a clean checkout.
RUN bash scripts/pgo.sh \
 && install -D -m 0755 target/pgo/xiangqi-arbiter /out/xiangqi-arbiter

# The computer opponent's engine (POST /v1/engine/move): Debian bookworm's Fairy-Stockfish,
# GPL-3.0-or-later, a separate program the service runs over pipes. Its binary and Debian's
# copyright file (its licence) go into the runtime image; its libraries (glibc, libstdc++,
# libgcc_s) are the distroless cc image's own, from the same Debian 12. Its source is Debian's
# source package fairy-stockfish 11.1-1 (`apt-get source fairy-stockfish`).
FROM debian:bookworm-slim AS engine
RUN apt-get update \
 && apt-get install -y --no-install-recommends fairy-stockfish=11.1-1+b1 \
 && rm -rf /var/lib/apt/lists/*

# distroless/cc: glibc, libgcc and libstdc++ only; no shell, no package manager.
FROM gcr.io/distroless/cc-debian12:nonroot
COPY --from=build /out/xiangqi-arbiter /usr/local/bin/xiangqi-arbiter
COPY --from=engine /usr/games/fairy-stockfish /usr/games/fairy-stockfish
COPY --from=engine /usr/share/doc/fairy-stockfish/copyright /usr/share/doc/fairy-stockfish/copyright
# XA_ENGINE names it (the service also looks in /usr/games); XA_ENGINE_POOL processes of some
# 65-80 MB each (docs/performance.md); deploy/ sets both for Kubernetes.
ENV XA_ENGINE=/usr/games/fairy-stockfish \
    XA_ENGINE_POOL=1 \
    XA_ENGINE_OPTIONS=Threads=1,Hash=16 \
    XA_ADDR=0.0.0.0:8080 \
    XA_LOG_FORMAT=json \
    XA_IDLE_TIMEOUT_MS=20000 \
    XA_WRITE_TIMEOUT_MS=10000
EXPOSE 8080
# Numeric, so `runAsNonRoot` can verify it without a passwd lookup.
USER 10001:10001
ENTRYPOINT ["/usr/local/bin/xiangqi-arbiter"]
CMD ["serve"]
