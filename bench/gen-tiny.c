/* SPDX-License-Identifier: ISC */
/*
 * gen-tiny: many tiny folded profiles, each a pair, as a per-test or
 * per-request capture would give.
 * usage: gen-tiny DIR NPAIRS SEED
 *
 * Writes DIR/I.a and DIR/I.b for I from 0 to NPAIRS-1: 5 to 40 stacks
 * each, 3 to 12 frames of a few dozen C function names, a few hundred
 * bytes to 2 KB per file; I.b is I.a with a count or two changed, a
 * stack dropped and one added.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "gen-rand.h"

static const char *const fn[] = { "main", "run_tests", "test_parse",
	"test_render", "parse_args", "read_file", "fread", "read", "malloc",
	"free", "memcpy", "strlen", "qsort", "cmp_item", "hash_insert",
	"hash_lookup", "render_page", "write_all", "write", "fmt_number",
	"vsnprintf", "inflate", "crc32", "json_parse", "json_value",
	"utf8_decode", "regexec", "compile_pattern", "sort_rows", "emit_row" };
#define N(a) (sizeof(a) / sizeof((a)[0]))

/* one stack: its frames drawn from the stream, then its count */
static int
stack(FILE *f, uint64_t s, int change)
{
	uint64_t r;
	int d, depth;

	depth = 3 + (int)(s % 10);
	fputs("main", f);
	for (d = 1; d < depth; d++) {
		s = fg_mix64(s + (uint64_t)d);
		fprintf(f, ";%s", fn[1 + s % (N(fn) - 1)]);
	}
	r = fg_mix64(s);
	return fprintf(f, " %llu\n", (unsigned long long)(1 + r % 50 +
	    (change ? 7 : 0))) < 0;
}

int
main(int argc, char *argv[])
{
	char path[4096];
	FILE *f;
	long n, i;
	int k, ns, b, bad = 0;
	uint64_t base;

	if (argc < 4) {
		fprintf(stderr, "usage: gen-tiny DIR NPAIRS SEED\n");
		return 2;
	}
	n = atol(argv[2]);
	gen_rs = 0x9e3779b97f4a7c15ULL ^ strtoull(argv[3], NULL, 10);
	for (i = 0; i < n; i++) {
		base = rnd();
		ns = 5 + (int)(base % 36);
		for (b = 0; b < 2; b++) {
			snprintf(path, sizeof(path), "%s/%ld.%c", argv[1], i,
			    b ? 'b' : 'a');
			if ((f = fopen(path, "w")) == NULL) {
				perror(path);
				return 2;
			}
			for (k = 0; k < ns + b; k++) {
				if (b && k == 1)
					continue;	/* dropped in .b */
				bad |= stack(f, fg_mix64(base + (uint64_t)k),
				    b && k % 7 == 3);
			}
			if (fclose(f) != 0 || bad) {
				perror(path);
				return 2;
			}
		}
	}
	return 0;
}
