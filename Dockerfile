# syntax=docker/dockerfile:1
# Build stage: install with npm (the bun devDependency brings the runtime) and compile one executable.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime stage: the executable alone, as a non-root user, data on a volume.
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /data daybook \
 && mkdir -p /data && chown daybook /data
COPY --from=build /app/dist/daybook /usr/local/bin/daybook
USER daybook
WORKDIR /data
ENV DATA_DIR=/data PORT=3000 HOST=0.0.0.0
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s --retries=3 \
  CMD curl -fsS "http://127.0.0.1:${PORT}/api/v1/health" >/dev/null || exit 1
ENTRYPOINT ["/usr/local/bin/daybook"]
CMD ["serve"]
