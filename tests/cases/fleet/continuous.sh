# SPDX-License-Identifier: ISC
# Sourced by the fleet/continuous* cases: a store with an old window of
# another version of the service on this host, of another host and of
# another service (STORE/SERVICE/VERSION/HOST/), then contrib/fg-continuous.sh
# run for real on a busy command with 2 s windows, as service checkout
# version v1 on hostA, then as v2. Sets $w (scratch) and $s (the store).
# Exits 77 when perf is missing or cannot record.
w=$(mktemp -d "${TMPDIR:-/tmp}/cp.XXXXXX") || exit 2
command -v perf >/dev/null || { echo "perf not installed" >&2; exit 77; }
perf record -q -e cpu-clock -o "$w/probe.data" -- true >/dev/null 2>&1 ||
    { echo "perf cannot record here (perf_event_paranoid?)" >&2; exit 77; }
s=$w/store
mkdir -p "$s/checkout/v0/hostA" "$s/checkout/v1/hostB" "$s/search/v1/hostA"
for d in checkout/v0/hostA checkout/v1/hostB search/v1/hostA; do
	echo 'old 1' | gzip >"$s/$d/2020-01-01T00:00.folded.gz"
done
busy() {
	sh "$FG_TOP/contrib/fg-continuous.sh" -s "$s" -S checkout -V "$1" \
	    -H hostA -w 2 -F 199 -- sh -c 'end=$(($(date +%s) + 5))
	    while [ $(date +%s) -lt $end ]; do :; done; echo "command done"'
	echo "fg-continuous.sh: $?"
}
busy v1
busy v2
