#!/bin/sh
# SPDX-License-Identifier: ISC
#
# afl.sh: an AFL++ campaign against the tools' own binaries, built with
# ASan+UBSan (afl-clang-fast, AFL_USE_ASAN, AFL_USE_UBSAN) into build-afl/,
# one parser family at a time, seeded from the golden cases' stdin files
# (tests/cases/*/*/stdin) and from tests/fuzz/corpus/afl-FAMILY.
#
#   sh tests/fuzz/afl.sh build             build build-afl/bin/fg-*
#   sh tests/fuzz/afl.sh run FAMILY SECS    fuzz one family for SECS seconds
#   sh tests/fuzz/afl.sh rotate SECS UNTIL  every family in turn, SECS each,
#                                           until UNTIL (date -d syntax)
#   sh tests/fuzz/afl.sh report             executions, time, findings
#   sh tests/fuzz/afl.sh cmin FAMILY        minimise the queue into
#                                           tests/fuzz/corpus/afl-FAMILY
#
# Families: collapse (fg-collapse FILE, every format by detection), folded
# (fg-merge FILE), annot (fg-svg FILE, fed fg-color's annotated output),
# top (fg-top FILE). Campaigns resume where they stopped (build-afl/out-*).
# Runs at nice 19 on one core; `make fuzz-afl` builds and rotates.
# Crashes land in build-afl/out-FAMILY/default/crashes: replay them with
# the ASan build (make check-asan) to get a readable report.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/build-afl
families="collapse folded annot top"

tool() {
	case $1 in
	collapse) echo fg-collapse ;;
	folded) echo fg-merge ;;
	annot) echo fg-svg ;;
	top) echo fg-top ;;
	*) echo "afl.sh: unknown family $1 ($families)" >&2; exit 2 ;;
	esac
}

build() {
	command -v afl-clang-fast >/dev/null 2>&1 || {
		echo "afl.sh: afl-clang-fast not found (apt-get install afl++)" >&2
		exit 2
	}
	AFL_USE_ASAN=1 AFL_USE_UBSAN=1 AFL_QUIET=1 make -C "$top" -s \
	    CC=afl-clang-fast B=build-afl BIN=build-afl/bin \
	    CFLAGS="-O1 -g -fno-omit-frame-pointer" all
}

# seeds FAMILY DIR: the golden inputs of the family, each under 64 KiB,
# plus the family's kept corpus.
seeds() {
	sf=$1 sd=$2
	mkdir -p "$sd"
	case $sf in
	collapse) set -- "$top"/tests/cases/collapse/*/stdin \
	    "$top"/tests/data/*/* ;;
	folded) set -- "$top"/tests/cases/merge/*/stdin \
	    "$top"/tests/cases/diff/*/stdin "$top"/tests/cases/elide/*/stdin ;;
	annot) set -- ;
		for f in "$top"/tests/cases/color/*/stdin \
		    "$top"/tests/cases/svg/*/stdin; do
			[ -f "$f" ] || continue
			n=$(printf '%s' "$f" | cksum | cut -d' ' -f1)
			"$out/bin/fg-color" "$f" 2>/dev/null |
			    head -c 65536 >"$sd/color-$n" || true
			[ -s "$sd/color-$n" ] || rm -f "$sd/color-$n"
		done ;;
	top) set -- "$top"/tests/cases/top/*/stdin \
	    "$top"/tests/cases/diff/*/stdin ;;
	esac
	for f in "$@" "$top"/tests/fuzz/corpus/afl-"$sf"/*; do
		[ -f "$f" ] && [ -s "$f" ] || continue
		[ "$(wc -c <"$f")" -le 65536 ] || continue
		n=$(cksum <"$f" | cut -d' ' -f1)
		cp "$f" "$sd/s-$n"
	done
}

run() {
	fam=$1
	t=$(tool "$fam")
	[ -x "$out/bin/$t" ] || build
	mkdir -p "$out"
	if [ ! -d "$out/out-$fam/default/queue" ]; then
		rm -rf "$out/seeds-$fam"
		seeds "$fam" "$out/seeds-$fam"
		in=$out/seeds-$fam
	else
		in=-	# resume
	fi
	echo "afl: $fam ($t) for $2 s, from $(date -u +%H:%M:%S) UTC"
	AFL_SKIP_CPUFREQ=1 AFL_NO_UI=1 AFL_AUTORESUME=1 AFL_NO_AFFINITY=1 \
	    AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
	    nice -n 19 afl-fuzz -V "$2" -m none -t 2000 -i "$in" \
	    -o "$out/out-$fam" -- "$out/bin/$t" @@ >"$out/log-$fam" 2>&1 || true
	report1 "$fam"
}

report1() {
	s=$out/out-$1/default/fuzzer_stats
	[ -f "$s" ] || { echo "$1: no campaign yet"; return 0; }
	awk -v fam="$1" -v t="$(tool "$1")" -F' *: *' '
	    { v[$1] = $2 }
	    END { printf "%-9s %-12s %6.2f h %10d execs %5d paths %3d crashes %3d hangs\n",
		fam, t, v["run_time"] / 3600, v["execs_done"],
		v["corpus_count"], v["saved_crashes"], v["saved_hangs"] }' "$s"
}

case ${1:-} in
build) build ;;
run) run "${2:?family}" "${3:?seconds}" ;;
rotate)
	end=$(date -d "${3:?until}" +%s)
	while [ "$(date +%s)" -lt "$end" ]; do
		for fam in $families; do
			left=$((end - $(date +%s)))
			[ "$left" -gt 30 ] || break
			[ "$left" -lt "$2" ] || left=$2
			run "$fam" "$left"
		done
	done ;;
report) for fam in $families; do report1 "$fam"; done ;;
cmin)
	fam=${2:?family}
	d=$top/tests/fuzz/corpus/afl-$fam
	rm -rf "$out/cmin-$fam"
	AFL_SKIP_CPUFREQ=1 nice -n 19 afl-cmin -m none -t 2000 \
	    -i "$out/out-$fam/default/queue" -o "$out/cmin-$fam" -- \
	    "$out/bin/$(tool "$fam")" @@ >/dev/null
	rm -rf "$d"
	mkdir -p "$d"
	# keep the repository small: the 40 smallest inputs that add paths
	ls -S -r "$out/cmin-$fam" | head -40 | while read -r f; do
		cp "$out/cmin-$fam/$f" "$d/$(cksum <"$out/cmin-$fam/$f" |
		    cut -d' ' -f1)"
	done
	echo "$d: $(ls "$d" | wc -l) files, $(du -sk "$d" | cut -f1) KiB" ;;
*) sed -n '4,16p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
