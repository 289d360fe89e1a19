# duelcheck's HTTP service. Build: docker build -t duelcheck .  Run: docker run -p 8000:8000 duelcheck
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /src
# The pinned, hashed dependencies first (their layer is reused until the lock changes), then
# the project itself without dependencies or build isolation: nothing unpinned is fetched.
COPY requirements/serve.txt ./requirements/
RUN pip install --require-hashes -r requirements/serve.txt
COPY setup.py setup.cfg pyproject.toml README.md ./
COPY validator ./validator
COPY specs ./specs
COPY api ./api
COPY duelcheck ./duelcheck
# The hot modules compiled by mypyc (docs/building.md; mypy comes from the lock above), with a
# C compiler installed for this step only and removed in the same layer.
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && DUELCHECK_COMPILE=1 pip install --no-deps --no-build-isolation . \
    && apt-get purge -y --auto-remove gcc libc6-dev && rm -rf /var/lib/apt/lists/* /src \
    && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin duelcheck \
    && mkdir -p /var/lib/duelcheck && chown duelcheck /var/lib/duelcheck

WORKDIR /home/duelcheck
USER duelcheck

# Listen on every interface inside the container, with gunicorn's access log on standard
# output (DUELCHECK_ACCESS_LOG=off turns it off). WEB_CONCURRENCY sets the workers (default:
# one per CPU the container may use); the README lists the limits' variables.
ENV HOST=0.0.0.0 PORT=8000 DUELCHECK_ACCESS_LOG=-
EXPOSE 8000
# Held duels (docs/duels.md): the SQLite file lives here, on a volume so that it outlives the
# container; DUELCHECK_STORE=redis://... keeps them in Redis instead.
ENV DUELCHECK_DATA_DIR=/var/lib/duelcheck
VOLUME /var/lib/duelcheck

HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:' + os.environ.get('PORT', '8000') + '/healthz', timeout=2)"]

CMD ["duelcheck", "serve"]
