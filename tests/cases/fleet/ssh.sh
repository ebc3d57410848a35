# SPDX-License-Identifier: ISC
# Sourced by the fleet/ssh-merge* cases, after sshd.sh: contrib/fleet.sh run
# over a manifest of five captures on the two host aliases (2 on fleet-a, 3
# on fleet-b), fan-in 2, 2 jobs; its output in $w/fleet.folded, its map log
# in $w/work/map.log. Sets $d.
d=$FG_TOP/tests/data/real
cat >"$w/manifest" <<MF
# host capture
fleet-a $d/c-v1.perf.txt.gz
fleet-a $d/c-v2.perf.txt.gz

fleet-b $d/c-v3.perf.txt.gz
fleet-b $d/c-v1-rerun.perf.txt.gz
fleet-b $d/node-v1.cpuprofile.gz
MF
sh "$FG_TOP/contrib/fleet.sh" -b 2 -j 2 -B "$FG_BIN" -w "$w/work" \
    "$w/manifest" >"$w/fleet.folded"
echo "fleet.sh: $?"
