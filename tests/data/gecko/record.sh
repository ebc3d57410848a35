#!/bin/sh
# SPDX-License-Identifier: ISC
# Records a real Gecko-format profile of work.html with headless Firefox
# ESR (Debian package firefox-esr): the profiler starts with the browser,
# samples JS and label frames of the main threads every 1 ms, and writes
# the profile when --screenshot makes the browser quit after the page's
# script has run. Then trim.py keeps the content process that ran the page.
# usage: sh record.sh OUT.json
set -e
d=/tmp/fg-gecko
rm -rf "$d" && mkdir -p "$d/prof"
cp "$(dirname "$0")/work.html" "$d/work.html"
HOME=$d MOZ_PROFILER_STARTUP=1 MOZ_PROFILER_STARTUP_INTERVAL=1 \
    MOZ_PROFILER_STARTUP_FEATURES=js MOZ_PROFILER_STARTUP_FILTERS=GeckoMain \
    MOZ_PROFILER_SHUTDOWN=$d/raw.json \
    firefox-esr --headless --no-remote --profile "$d/prof" \
    --screenshot "$d/shot.png" "file://$d/work.html"
python3 "$(dirname "$0")/trim.py" "$d/raw.json" >"$1"
