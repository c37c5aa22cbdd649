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

# distroless/cc: glibc and libgcc only; no shell, no package manager.
FROM gcr.io/distroless/cc-debian12:nonroot
COPY --from=build /out/xiangqi-arbiter /usr/local/bin/xiangqi-arbiter
ENV XA_ADDR=0.0.0.0:8080 \
    XA_LOG_FORMAT=json \
    XA_IDLE_TIMEOUT_MS=20000 \
    XA_WRITE_TIMEOUT_MS=10000
EXPOSE 8080
# Numeric, so `runAsNonRoot` can verify it without a passwd lookup.
USER 10001:10001
ENTRYPOINT ["/usr/local/bin/xiangqi-arbiter"]
CMD ["serve"]
