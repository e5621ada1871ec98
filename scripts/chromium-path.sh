#!/usr/bin/env bash
# Prints the path of a Chromium for the page's browser test (make test-browser): $ARDOQ_BROWSER if it is
# executable, else chromium (or chromium-browser, google-chrome) from PATH, else Debian's chromium package,
# installed with apt-get when running as root on a Debian-like system. Fails, saying what to install, when
# none is found and none can be installed.
set -euo pipefail
if [ -n "${ARDOQ_BROWSER:-}" ] && [ -x "${ARDOQ_BROWSER}" ]; then
  echo "${ARDOQ_BROWSER}"; exit 0
fi
for name in chromium chromium-browser google-chrome google-chrome-stable; do
  if command -v "${name}" >/dev/null 2>&1; then
    command -v "${name}"; exit 0
  fi
done
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Debian's chromium package (once)" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends chromium >&2
  command -v chromium && exit 0
fi
echo "no Chromium found: install one (Debian: apt-get install chromium) or set ARDOQ_BROWSER to its path" >&2
exit 1
