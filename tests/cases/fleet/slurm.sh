# SPDX-License-Identifier: ISC
# Sourced by the fleet/slurm-array* cases: contrib/slurm/submit.sh run over
# five captures (2 a map task: 3 tasks; 2 map outputs a merge: 2 merges)
# with a stand-in sbatch that logs each submission to $SBATCH_LOG and runs
# each array task in turn. Sets $w (scratch; the output in $w/out) and $d.
d=$FG_TOP/tests/data/real
w=$(mktemp -d "${TMPDIR:-/tmp}/sl.XXXXXX") || exit 2
mkdir "$w/bin"
# sbatch [--parsable] [--dependency=..] [--array=0-N] script args...
cat >"$w/bin/sbatch" <<'SB'
#!/bin/sh
n=
while :; do
	case $1 in
	--array=0-*) n=${1#--array=0-} ;;
	--parsable|--dependency=*|--kill-on-invalid-dep=*|--output=*) ;;
	*) break ;;
	esac
	shift
done
echo "sbatch ${n:+--array=0-$n }$(basename "$1") $#" >>"$SBATCH_LOG"
if [ -z "$n" ]; then
	sh "$@" || exit 1
else
	i=0
	while [ $i -le $n ]; do
		SLURM_ARRAY_TASK_ID=$i sh "$@" || exit 1
		i=$((i + 1))
	done
fi
echo $$
SB
chmod +x "$w/bin/sbatch"
printf '%s\n' "$d/c-v1.perf.txt.gz" "$d/c-v2.perf.txt.gz" \
    "$d/c-v3.perf.txt.gz" "$d/c-v1-rerun.perf.txt.gz" \
    "$d/node-v1.cpuprofile.gz" >"$w/list"
export SBATCH_LOG="$w/sbatch.log"
PATH=$w/bin:$PATH sh "$FG_TOP/contrib/slurm/submit.sh" "$w/list" "$w/out" \
    2 2 >/dev/null || echo "submit.sh: $?"
