# SPDX-License-Identifier: ISC
# Sourced by the fleet/slurm-real* cases: the one-node test cluster that
# tests/slurm/up.sh starts (found by FG_SLURM_DIR, default /tmp/fg-slurm;
# the cases exit 77 when it is not up), a scratch directory $w (the jobs'
# output in $w/out) and run_chain LIST [PER [BATCH]]: contrib/slurm/submit.sh
# run from $w/cwd, then contrib/slurm/wait.sh on its last job (up to 300 s),
# whose line and status it prints. Sets $d (tests/data/real).
d=$FG_TOP/tests/data/real
SLURM_CONF=${FG_SLURM_DIR:-/tmp/fg-slurm}/slurm.conf
export SLURM_CONF
skip() {
	echo "$*" >&2
	exit 77
}
command -v sbatch >/dev/null ||
    skip "Slurm not installed: the stand-in cases fleet/slurm-array* run instead"
[ -f "$SLURM_CONF" ] && scontrol ping 2>/dev/null | grep -q 'is UP' ||
    skip "no Slurm test cluster up (as root: sh tests/slurm/up.sh)"
sinfo -h -o %T 2>/dev/null | grep -Eq '^(idle|mixed|allocated)' ||
    skip "the Slurm test cluster has no node up (as root: sh tests/slurm/up.sh)"
w=$(mktemp -d "${TMPDIR:-/tmp}/slr.XXXXXX") || exit 2
w=$(cd "$w" && pwd)
mkdir "$w/cwd"
run_chain() {
	id=$(cd "$w/cwd" &&
	    sh "$FG_TOP/contrib/slurm/submit.sh" "$@" 2>"$w/submit.err") || {
		echo "submit.sh: $?"
		cat "$w/submit.err"
		return
	}
	end=$(sh "$FG_TOP/contrib/slurm/wait.sh" -t 300 "$id")
	s=$?
	echo "$end" | sed 's/^[0-9]* /job /'
	echo "wait.sh: $s"
}
