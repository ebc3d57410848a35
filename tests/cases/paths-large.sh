# SPDX-License-Identifier: ISC
# Sourced by the */paths-large cases: sets $a and $b2, two sorted folded
# files over 16 MB together (700,000 random stacks and repeats; $b2 is
# two thirds of $a's lines and stacks of its own), read only. They are
# made once a run of tests/run.sh, in FG_TEST_SHARED: the first case to
# take the lock makes them, the others wait (up to 10 minutes, then make
# their own); outside the harness, in TMPDIR.
large_make() {
	awk 'BEGIN { srand(11)
		for (i = 0; i < 700000; i++) {
			s = "app;svc" int(rand() * 30) ";h" int(rand() * 400) ";leaf" int(rand() * 5)
			for (j = int(rand() * 4); j > 0; j--) s = s ";f" int(rand() * 3)
			print s " " (1 + int(rand() * 900))
			if (rand() < 0.3) print s " 7"
		}
	}' >"$1/raw" &&
	LC_ALL=C sort "$1/raw" >"$1/a" &&
	awk 'NR % 3 != 0' "$1/a" >"$1/b" &&
	awk 'NR % 5 == 0 { print "app;only-b" NR " 3"; next } { print }' \
	    "$1/b" | LC_ALL=C sort >"$1/b2" &&
	rm -f "$1/raw" "$1/b"
}
large=
if [ -n "${FG_TEST_SHARED:-}" ] && [ -d "$FG_TEST_SHARED" ]; then
	g=$FG_TEST_SHARED/paths-large
	if mkdir "$g.lock" 2>/dev/null; then
		mkdir "$g.tmp" && large_make "$g.tmp" && mv "$g.tmp" "$g" &&
		    large=$g
	else
		n=0
		while [ ! -d "$g" ] && [ $n -lt 3000 ]; do
			sleep 0.2
			n=$((n + 1))
		done
		[ -d "$g" ] && large=$g
	fi
fi
if [ -z "$large" ]; then
	large=$TMPDIR/paths-large
	mkdir -p "$large" && large_make "$large" || exit 2
fi
a=$large/a
b2=$large/b2
