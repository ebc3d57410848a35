#!/bin/sh
# SPDX-License-Identifier: ISC
# submit.sh: a fleet profile on Slurm: the map as one job array, a level of
# merges as a second, the root merge last, each waiting for the one before
# (--dependency=afterok). Prints the last job's id; the profile lands in
# OUT/fleet.folded.
#
#   submit.sh LIST OUT [PER [BATCH]]
#
# LIST: the captures, one path a line, on storage the nodes share; PER
# captures per map task (default 10); BATCH map outputs per merge (64).
set -eu
list=$1 out=$2 per=${3:-10} batch=${4:-64}
d=$(cd "$(dirname "$0")" && pwd)
n=$(grep -c . "$list")
tasks=$(((n + per - 1) / per))
merges=$(((tasks + batch - 1) / batch))
m=$(sbatch --parsable --array=0-$((tasks - 1)) "$d/map.sbatch" \
    "$list" "$out" "$per")
r=$(sbatch --parsable --dependency=afterok:$m --array=0-$((merges - 1)) \
    "$d/reduce.sbatch" "$out/map" "$out/level1" "$batch")
sbatch --parsable --dependency=afterok:$r "$d/reduce.sbatch" \
    "$out/level1" "$out/fleet.folded"
