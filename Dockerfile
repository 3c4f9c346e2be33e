# OpenMat: one image for the API (`node apps/server/dist/entrypoints/api.js`) and the worker
# (`node scripts/run-entry.mjs worker`). Nothing is downloaded at run time: the pose model's weights come
# from npm in the build stage, ffmpeg from Debian. See the README, "Videos and workers", and compose.yaml.

FROM node:20-bookworm-slim AS build
WORKDIR /src
# better-sqlite3 and argon2 build against Node's headers when no prebuilt binary fits.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && sh scripts/image/assemble.sh /out

FROM node:20-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg tini \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /data && chown node:node /data
WORKDIR /app
COPY --from=build --chown=root:root /out /app
USER node
ENV DATA_DIR=/data PORT=8080 HOST=0.0.0.0
EXPOSE 8080
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "apps/server/dist/entrypoints/api.js"]
