# SPDX-License-Identifier: ISC
# Sourced by the fleet/hadoop-dask* cases: a Python with Dask's
# distributed (Debian's python3-distributed, tried first; exit 77 without
# one: found, not imported, as the import alone costs a second), a scratch
# directory $w and dask_job LIST: contrib/hadoop's mapper.sh (combiner and
# reducer reducer.sh) run unchanged as a Streaming job by
# tests/hadoop/dask-streaming.py on a Dask LocalCluster (one worker
# process, as each costs an interpreter that imports Dask; one capture a
# map, two reduces), its output in $w/job.
# Prints the driver's status. Sets $d (tests/data/real).
d=$FG_TOP/tests/data/real
py=
for p in /usr/bin/python3 python3; do
	if command -v "$p" >/dev/null &&
	    "$p" -c 'import importlib.util, sys
sys.exit(importlib.util.find_spec("distributed") is None)' >/dev/null 2>&1; then
		py=$p
		break
	fi
done
[ -n "$py" ] || {
	echo "Dask not installed (apt-get install python3-distributed)" >&2
	exit 77
}
w=$(mktemp -d "${TMPDIR:-/tmp}/hd.XXXXXX") || exit 2
w=$(cd "$w" && pwd)
h=$FG_TOP/contrib/hadoop
dask_job() {
	"$py" "$FG_TOP/tests/hadoop/dask-streaming.py" -input "$1" \
	    -output "$w/job" -mapper mapper.sh -combiner reducer.sh \
	    -reducer reducer.sh -file "$h/mapper.sh" -file "$h/reducer.sh" \
	    -file "$FG_TOP/contrib/fg-map.sh" -reduces 2 -linespermap 1 \
	    -workers 1 2>"$w/job.err"
	echo "job: $?"
}
