#!/bin/sh
# SPDX-License-Identifier: ISC
# submit.sh: a fleet profile on Slurm: the map as one job array, a level of
# merges as a second, the root merge last, each waiting for the one before
# (--dependency=afterok, --kill-on-invalid-dep=yes: when a job fails, the
# ones waiting on it are cancelled, not left pending for ever). Prints the
# last job's id; the profile lands in OUT/fleet.folded, the jobs' logs in
# OUT/log/. wait.sh waits for the chain and tells how it ended.
#
#   submit.sh LIST OUT [PER [BATCH]]
#
# LIST: the captures, one path a line, on storage the nodes share; PER
# captures per map task (default 10); BATCH map outputs per merge (64).
# Extra sbatch options (partition, account, time) go in SBATCH_* variables
# (SBATCH_PARTITION, SBATCH_TIMELIMIT, ...), which sbatch reads itself.
set -eu
[ $# -ge 2 ] && [ $# -le 4 ] || {
	echo "usage: submit.sh LIST OUT [PER [BATCH]]" >&2
	exit 2
}
list=$1 out=$2 per=${3:-10} batch=${4:-64}
d=$(cd "$(dirname "$0")" && pwd)
FG_MAP=${FG_MAP:-$d/../fg-map.sh}
export FG_MAP
n=$(grep -c . "$list") || { echo "submit.sh: $list: no captures" >&2; exit 2; }
tasks=$(((n + per - 1) / per))
merges=$(((tasks + batch - 1) / batch))
mkdir -p "$out/log"
m=$(sbatch --parsable --array=0-$((tasks - 1)) \
    --output="$out/log/map-%A_%a.out" "$d/map.sbatch" "$list" "$out" "$per")
m=${m%%;*}
r=$(sbatch --parsable --dependency=afterok:$m --kill-on-invalid-dep=yes \
    --array=0-$((merges - 1)) --output="$out/log/reduce-%A_%a.out" \
    "$d/reduce.sbatch" "$out/map" "$out/level1" "$batch")
r=${r%%;*}
sbatch --parsable --dependency=afterok:$r --kill-on-invalid-dep=yes \
    --output="$out/log/root-%j.out" "$d/reduce.sbatch" \
    "$out/level1" "$out/fleet.folded"
