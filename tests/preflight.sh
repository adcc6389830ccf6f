#!/usr/bin/env bash
# Checks, before any test runs, that this machine has the system parts the tests drive for real, and
# stops at once with one line naming what is missing and the command that installs it.
#   bash tests/preflight.sh [chromium] [postgresql] [nginx]   (no argument: all three)
#   bash tests/preflight.sh packages                      (neither: only that npm install has run)
# The app itself needs neither: `npm run dev` and `npm start` run on the embedded PGlite store.
# CHROME_PATH, CHROME_SHELL_PATH and POSTGRES_ROOT point elsewhere than Debian's places
# (tests/fixtures/chromium.ts, tests/fixtures/postgres.ts read the same variables).
set -uo pipefail
cd "$(dirname "$0")/.."

wanted=("$@")
[ "${#wanted[@]}" -eq 0 ] && wanted=(chromium postgresql nginx)

missing_names=()
missing_packages=()
for part in "${wanted[@]}"; do
  case "$part" in
    chromium)
      chrome="${CHROME_PATH:-/usr/bin/chromium}"
      if [ ! -x "$chrome" ]; then
        missing_names+=("Chromium ($chrome)")
        missing_packages+=(chromium)
      fi
      # The e2e suite's own browser: Chromium's headless shell (tests/fixtures/chromium.ts).
      shell="${CHROME_SHELL_PATH:-/usr/bin/chromium-headless-shell}"
      if [ ! -x "$shell" ]; then
        missing_names+=("Chromium's headless shell ($shell)")
        missing_packages+=(chromium-headless-shell)
      fi
      ;;
    postgresql)
      root="${POSTGRES_ROOT:-/usr/lib/postgresql}"
      if ! compgen -G "$root/*/bin/initdb" >/dev/null; then
        missing_names+=("PostgreSQL ($root/<version>/bin/initdb)")
        missing_packages+=(postgresql)
      fi
      ;;
    nginx)
      # The deployment e2e (tests/e2e/deploymentShape.spec.ts): nginx in front, and certutil for the
      # browser's trust in its throwaway CA.
      proxy="${NGINX_PATH:-/usr/sbin/nginx}"
      if [ ! -x "$proxy" ]; then
        missing_names+=("nginx ($proxy)")
        missing_packages+=(nginx)
      fi
      if ! command -v certutil >/dev/null; then
        missing_names+=("certutil")
        missing_packages+=(libnss3-tools)
      fi
      ;;
    packages) ;;
    *)
      echo "tests/preflight.sh: unknown part '$part' (chromium, postgresql, nginx, packages)" >&2
      exit 2
      ;;
  esac
done

if [ ! -x node_modules/.bin/vitest ]; then
  echo "The tests cannot start: the npm packages are not installed; run: npm install" >&2
  exit 1
fi

if [ "${#missing_names[@]}" -gt 0 ]; then
  names=$(printf '%s and ' "${missing_names[@]}")
  echo "The tests cannot start: ${names% and } missing; install with: sudo apt-get install -y ${missing_packages[*]}" >&2
  exit 1
fi
