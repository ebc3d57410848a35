/* SPDX-License-Identifier: ISC */
/*
 * fg-elide: the paths of the baseline that vanished from the current
 * profile. A line "S b a" of a differential stream is elided when b > 0 and
 * no stack with a > 0 is S or passes through S (S is a prefix path of no
 * current stack). Prints them as a plain profile "S b".
 */
#include <stdlib.h>
#include <string.h>

#include "fg.h"

static const char usage[] = "fg-elide [--no-header] [file ...]";

static const char help[] =
    "usage: fg-elide [--no-header] [file ...]\n"
    "Read a differential stream (stack before after, as fg-diff prints it)\n"
    "and print the elided stacks: the baseline's paths that vanished from\n"
    "the current profile, as a plain folded profile of baseline counts,\n"
    "sorted bytewise. Several files are read as one stream; with no file,\n"
    "or when file is -, read standard input.\n"
    "\n"
    "      --no-header        do not print the `# fg-elide` header line\n"
    FG_HELP_TAIL;

enum { OPT_NOHEADER = 256 };
static const struct fg_opt opts[] = {
	{ "no-header", OPT_NOHEADER, FG_OPT_NOARG },
	{ NULL, 0, 0 }
};

/* Compares key t with the string s followed by ';'. */
static int
cmp_semi(const char *t, size_t tl, const char *s, size_t sl)
{
	int r = memcmp(t, s, tl < sl ? tl : sl);

	if (r != 0)
		return r;
	if (tl <= sl)
		return -1;
	return (unsigned char)t[sl] - (unsigned char)';';
}

/* Index of the first current stack >= s (with ';' appended when semi). */
static size_t
lower(struct fg_keyref *cur, size_t n, const char *s, size_t sl, int semi)
{
	size_t lo = 0, hi = n, mid;
	int r;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		r = semi ? cmp_semi(cur[mid].key, cur[mid].len, s, sl) :
		    fg_keycmp(cur[mid].key, cur[mid].len, s, sl);
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int
survives(struct fg_keyref *cur, size_t n, const char *s, size_t sl)
{
	size_t i;

	i = lower(cur, n, s, sl, 0);
	if (i < n && cur[i].len == sl && memcmp(cur[i].key, s, sl) == 0)
		return 1;
	i = lower(cur, n, s, sl, 1);
	return i < n && cur[i].len > sl && memcmp(cur[i].key, s, sl) == 0 &&
	    cur[i].key[sl] == ';';
}

int
main(int argc, char *argv[])
{
	struct fg_optstate st;
	struct fg_fold f;
	struct fg_rec r;
	struct fg_stab *tab;
	struct fg_ent *e, **v;
	struct fg_keyref *cur;
	char *base = NULL, *curname = NULL;
	size_t ncur = 0, i;
	int c, header = 1;

	fg_tool_init(argv[0], usage, help);
	fg_opt_init(&st, argc, argv);
	while ((c = fg_getopt(&st, opts)) != -1) {
		switch (c) {
		case OPT_NOHEADER:
			header = 0;
			break;
		default:
			fg_usage(usage);
		}
	}
	tab = fg_stab_new(2);
	/* one file is mapped (keys borrowed from it); several are read */
	if (st.nops > 1)
		fg_fold_open_list(&f, st.ops, st.nops, FG_KIND_DIFF);
	else
		fg_fold_open_map(&f, st.nops == 1 ? st.ops[0] : "-",
		    FG_KIND_DIFF);
	while (fg_fold_next(&f, &r)) {
		e = fg_fold_intern(&f, tab, r.stack, r.len);
		if (fg_count_add(&e->c[0], r.c[0]) < 0 ||
		    fg_count_add(&e->c[1], r.c[1]) < 0)
			fg_sum_overflow(f.in.name, f.in.lineno);
	}
	if (f.header != NULL) {
		base = fg_header_get(f.header, "base");
		curname = fg_header_get(f.header, "current");
	}

	v = fg_stab_sorted(tab);
	cur = fg_reallocarray(NULL, fg_stab_count(tab) + 1, sizeof(*cur));
	for (i = 0; (e = v[i]) != NULL; i++) {
		if (fg_count_iszero(e->c[1]))
			continue;
		cur[ncur].key = fg_ent_key(tab, e);
		cur[ncur].len = e->len;
		ncur++;
	}
	if (header)
		fg_out_header("fg-elide", "kind", "profile", "view", "elided",
		    "base", base, "current", curname, (char *)NULL);
	for (i = 0; (e = v[i]) != NULL; i++) {
		if (fg_count_iszero(e->c[0]) ||
		    survives(cur, ncur, fg_ent_key(tab, e), e->len))
			continue;
		fg_out_write(fg_ent_key(tab, e), e->len);
		fg_out_char(' ');
		fg_out_count(e->c[0]);
		fg_out_char('\n');
	}
	fg_fold_close(&f);	/* keys may point into it until here */
	free(cur);
	free(v);
	free(base);
	free(curname);
	fg_stab_free(tab);
	free(st.ops);
	fg_out_close();
	return fg_status;
}
