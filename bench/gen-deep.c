/* SPDX-License-Identifier: ISC */
/*
 * gen-deep: a deterministic folded profile of deep, recursion-like stacks.
 * usage: gen-deep NSTACKS SEED [after]
 *
 * Each stack is 500 to 2000 frames of an interpreter, a parser and a tree
 * walker calling each other: the frames go round one of a few cycles
 * (eval -> apply -> eval, parse_expr -> parse_term -> parse_factor ->
 * parse_expr, ...) and now and then jump to another cycle. The step taken
 * at each depth is a function of the path so far, except at rare random
 * forks, so stacks share their first frames and part one by one, each
 * keeping a long tail of its own: the shape of a recursive program's
 * capture, whose flame graph has a tower per stack. Names are short (a
 * C or Lisp interpreter's). NSTACKS unique stacks, in generation order;
 * counts are small. With "after", the same profile changed: 4% of the
 * stacks vanish, 4% end deeper in a new frame, a third of the counts grow
 * by half.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "gen-rand.h"

static const char *const cyc[][5] = {
	{ "eval", "apply", "eval_args", "eval_list", NULL },
	{ "parse_expr", "parse_term", "parse_factor", "parse_primary",
	    NULL },
	{ "visit_node", "visit_children", "Walker::walk", NULL, NULL },
	{ "PyEval_EvalFrame", "_PyFunction_Vectorcall", "call_function",
	    NULL, NULL },
	{ "json_value", "json_array", "json_object", "json_member", NULL },
	{ "qsort_r", "msort_with_tmp", NULL, NULL, NULL },
	{ "rb_insert", "rb_fixup", "rb_rotate", NULL, NULL },
	{ "match_here", "match_star", "match_class", NULL, NULL },
};
static const char *const leaves[] = { "malloc", "memcpy", "hash_lookup",
	"strcmp", "gc_mark", "free", "cons", "intern", "getc", "memmove" };
#define N(a) (sizeof(a) / sizeof((a)[0]))

static int
cyclen(int c)
{
	int n;

	for (n = 0; n < 5 && cyc[c][n] != NULL; n++)
		;
	return n;
}

int
main(int argc, char *argv[])
{
	static unsigned char cs[2048], ps[2048];
	long n, j;
	int after, d, depth, c, p;
	uint64_t h, r, cnt;

	if (gen_args(argc, argv, "gen-deep NSTACKS SEED [after]", &n, &after) < 0)
		return 2;
	if (set_init(n) < 0)
		return 2;
	for (j = 0; j < n;) {
		r = rnd();
		depth = 500 + (int)(r % 1501);
		h = fg_mix64(r >> 60);	/* one of 16 program entries */
		c = (int)(h % N(cyc));
		p = 0;
		for (d = 0; d < depth; d++) {
			/* the path decides, but for a random fork one step
			 * in 64; a jump to another cycle one step in 24 */
			r = rnd();
			h = fg_mix64(h * 31 + ((r & 63) == 0 ? 1 + (r >> 8
			    & 3) : 0));
			if (h % 24 == 0)
				c = (int)((h >> 8) % N(cyc));
			else
				p = (p + 1) % cyclen(c);
			cs[d] = (unsigned char)c;
			ps[d] = (unsigned char)(p % cyclen(c));
		}
		r = rnd();
		cnt = 1 + (r >> 20) % 9 * ((r >> 40) % 13 == 0 ? 7 : 1);
		if (!addpath(fg_mix64(h ^ (uint64_t)depth)))
			continue;
		j++;
		if (after && r % 100 < 4)
			continue;
		fputs("main;run_program", stdout);
		for (d = 0; d < depth; d++)
			printf(";%s", cyc[cs[d]][ps[d]]);
		printf(";%s", leaves[h % N(leaves)]);
		if (after && r % 100 < 8)
			fputs(";gc_collect", stdout);
		if (after && r % 3 == 0)
			cnt = cnt * 3 / 2;
		printf(" %llu\n", (unsigned long long)cnt);
	}
	return ferror(stdout) != 0 || fflush(stdout) != 0;
}
