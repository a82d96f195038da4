#!/usr/bin/env bash
# scripts/ci-repeat.sh N
#
# Runs CI (`bash .ci/run`) on N fresh clones of this repository's main branch, one after another,
# to catch a test that fails only now and then. Each run clones main, as committed (uncommitted
# changes and other branches are not included), into a new temporary directory, and runs
# `.ci/run` there with CI=true, as CI does: it installs with `npm install --no-audit --no-fund`
# and runs `npm test`, as on a clean machine. (CI=true also keeps Playwright from reusing a server
# someone left on its port.) Every run tests the commit main was at when this script started.
#
# Stops at the first failing run and says which one it was; its output is above that line. The
# clones are deleted at the end, whatever happened (also on Ctrl-C). One run takes 7 to 25
# minutes on 2 cores, depending on the machine; the local backend's fixed ports must be free
# while it runs (no `npm run dev`, `preview` or other test run on this machine).
set -euo pipefail

usage() {
  echo "usage: scripts/ci-repeat.sh N   (N ≥ 1: how many fresh clones of main to run .ci/run on)" >&2
  exit 2
}
[[ $# -eq 1 && $1 =~ ^[1-9][0-9]*$ ]] || usage
runs=$1

repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
if ! commit=$(git -C "$repo" rev-parse --verify --quiet "refs/heads/main^{commit}"); then
  echo "ci-repeat: $repo has no main branch" >&2
  exit 2
fi
short=$(git -C "$repo" rev-parse --short "$commit")

work=$(mktemp -d "${TMPDIR:-/tmp}/ci-repeat.XXXXXX")
trap 'rm -rf -- "$work"' EXIT
trap 'echo "ci-repeat: interrupted" >&2; exit 130' INT TERM

for ((run = 1; run <= runs; run++)); do
  clone="$work/run-$run"
  echo "== ci-repeat: run $run of $runs: main at $short, in a fresh clone"
  git clone --quiet --branch main "$repo" "$clone"
  git -C "$clone" reset --quiet --hard "$commit"
  started=$SECONDS
  status=0
  (cd "$clone" && CI="${CI:-true}" bash .ci/run) || status=$?
  if ((status != 0)); then
    echo "ci-repeat: run $run of $runs FAILED (exit $status, after $((SECONDS - started)) s; main at $short)." >&2
    exit 1
  fi
  echo "== ci-repeat: run $run of $runs passed in $((SECONDS - started)) s"
  rm -rf -- "$clone"
done
echo "ci-repeat: every run passed ($runs of $runs; main at $short)."
