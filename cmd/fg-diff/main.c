/* SPDX-License-Identifier: ISC */
/* fg-diff: two folded profiles into one differential stream. */
#include <stdlib.h>
#include <string.h>

#include "fg.h"

static const char usage[] = "fg-diff [-nsF] [--no-header] base current";

static const char help[] =
    "usage: fg-diff [-nsF] [--no-header] base current\n"
    "Print the union of two folded profiles as `stack before after`, sorted\n"
    "bytewise, for flamegraph.pl, fg-color, fg-svg, fg-elide and fg-top.\n"
    "Either file may be - for standard input.\n"
    "\n"
    "  -n, --normalize        scale the base counts to the current total\n"
    "  -s, --strip-hex        replace hex numbers (0x1f3a) with 0x... so that\n"
    "                         relocated code still matches\n"
    "  -F, --fractional       keep fractional counts exactly (default: truncate\n"
    "                         them to integers, as inferno-diff-folded does)\n"
    "      --no-header        do not print the `# fg-diff` header line\n"
    FG_HELP_TAIL;

enum { OPT_NOHEADER = 256 };
static const struct fg_opt opts[] = {
	{ "normalize", 'n', FG_OPT_NOARG },
	{ "strip-hex", 's', FG_OPT_NOARG },
	{ "fractional", 'F', FG_OPT_NOARG },
	{ "no-header", OPT_NOHEADER, FG_OPT_NOARG },
	{ NULL, 0, 0 }
};

static inline int
ishex(int c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
	    (c >= 'A' && c <= 'F');
}

/*
 * Copies s with every 0x[0-9a-fA-F]+ replaced by "0x...", as
 * difffolded.pl -s does; returns the new length. dst must hold 2*n bytes.
 */
static size_t
striphex(char *dst, const char *s, size_t n)
{
	size_t i = 0, o = 0;

	while (i < n) {
		if (s[i] == '0' && i + 2 < n && s[i + 1] == 'x' &&
		    ishex((unsigned char)s[i + 2])) {
			memcpy(dst + o, "0x...", 5);
			o += 5;
			for (i += 2; i < n && ishex((unsigned char)s[i]); i++)
				;
		} else
			dst[o++] = s[i++];
	}
	return o;
}

static void
checkprofile(const char *name, const char *header)
{
	char *k;
	int isdiff;

	if (header == NULL)
		return;
	k = fg_header_get(header, "kind");
	isdiff = k != NULL && strcmp(k, "diff") == 0;
	free(k);
	if (isdiff)
		fg_errx(FG_EXIT_ERR, "%s: is a differential stream, not a "
		    "profile", name);
}

/* The hash path: reads f into column col of tab; returns its total. */
static fg_count
readone(struct fg_fold *f, struct fg_stab *tab, int col, int strip)
{
	struct fg_rec r;
	struct fg_ent *e;
	const struct fg_ent *mark = fg_stab_last(tab);
	fg_count total = { 0, 0 };
	char *buf = NULL;
	size_t cap = 0, n;

	while (fg_fold_next(f, &r)) {
		if (strip && memchr(r.stack, 'x', r.len) != NULL) {
			if (r.len * 2 + 1 > cap) {
				cap = r.len * 2 + 1;
				buf = fg_realloc(buf, cap);
			}
			n = striphex(buf, r.stack, r.len);
			e = fg_stab_get(tab, buf, n);
		} else
			e = fg_fold_intern(f, tab, r.stack, r.len);
		if (fg_count_add(&e->c[col], r.c[0]) < 0)
			fg_errx(FG_EXIT_ERR, "%s:%llu: sum of counts "
			    "overflows 2^63-1", f->in.name,
			    (unsigned long long)f->in.lineno);
		if (fg_count_add(&total, r.c[0]) < 0)
			fg_errx(FG_EXIT_ERR, "%s: total of counts overflows "
			    "2^63-1", f->in.name);
	}
	checkprofile(f->in.name, f->header);
	free(buf);
	if (fg_fold_settle(f, tab, mark))
		f->in.buf = NULL;	/* closed */
	return total;
}

struct emitarg {
	int norm, frac;
	fg_count t1, t2;
};

/* Scales a base count to the current total, as difffolded.pl -n does. */
static void
normalize(fg_count *c, const struct emitarg *a)
{
	if (a->frac) {
		long double s = (long double)fg_count_dbl(a->t2) /
		    (long double)fg_count_dbl(a->t1);

		if (fg_count_scale(c, s) < 0)
			fg_errx(FG_EXIT_ERR, "normalized count overflows "
			    "2^63-1");
	} else {
		/* in double, truncated, as difffolded.pl and inferno */
		double d = (double)c->i * (double)a->t2.i / (double)a->t1.i;

		if (fg_count_from_dbl(d, c) < 0)
			fg_errx(FG_EXIT_ERR, "normalized count overflows "
			    "2^63-1");
		c->f = 0;
	}
}

static void
emit(const char *key, size_t len, const fg_count *cnt, int ncols, void *arg)
{
	const struct emitarg *a = arg;
	fg_count c0 = cnt[0];

	(void)ncols;
	if (a->norm)
		normalize(&c0, a);
	fg_out_write(key, len);
	fg_out_char(' ');
	fg_out_count(c0);
	fg_out_char(' ');
	fg_out_count(cnt[1]);
	fg_out_char('\n');
}

static void
outheader(const struct fg_optstate *st, const struct emitarg *ea, int strip)
{
	fg_out_header("fg-diff", "kind", "diff", "base", st->ops[0],
	    "current", st->ops[1], "normalized", ea->norm ? "yes" : NULL,
	    "strip-hex", strip ? "yes" : NULL, (char *)NULL);
}

int
main(int argc, char *argv[])
{
	struct fg_optstate st;
	struct fg_stab *tab;
	struct fg_ent **v, *e;
	struct fg_fold in[2], *inp[2] = { &in[0], &in[1] };
	struct emitarg ea;
	struct fg_scan sc[2];
	static const int colbase[2] = { 0, 1 };
	int c, strip = 0, header = 1, k, sorted;
	size_t i;

	fg_tool_init(argv[0], usage, help);
	memset(&ea, 0, sizeof(ea));
	fg_opt_init(&st, argc, argv);
	while ((c = fg_getopt(&st, opts)) != -1) {
		switch (c) {
		case 'n':
			ea.norm = 1;
			break;
		case 's':
			strip = 1;
			break;
		case 'F':
			ea.frac = 1;
			break;
		case OPT_NOHEADER:
			header = 0;
			break;
		default:
			fg_usage(usage);
		}
	}
	if (st.nops != 2)
		fg_usage(usage);
	if (strcmp(st.ops[0], "-") == 0 && strcmp(st.ops[1], "-") == 0)
		fg_errx(FG_EXIT_ERR, "only one input can be standard input");

	sorted = !strip;
	for (k = 0; k < 2; k++) {
		fg_fold_open(&in[k], st.ops[k], FG_KIND_PROFILE);
		in[k].truncfrac = !ea.frac;
	}
	/*
	 * Sorted inputs (what every collapse tool prints) stream through a
	 * merge; anything else goes through the stack table. Same output.
	 */
	for (k = 0; k < 2 && sorted; k++) {
		sorted = fg_fold_scan(&in[k], &sc[k]);
		checkprofile(in[k].in.name, sc[k].header);
		free(sc[k].header);
	}
	if (sorted) {
		if (header)
			outheader(&st, &ea, strip);
		ea.t1 = sc[0].total[0];
		ea.t2 = sc[1].total[0];
		ea.norm = ea.norm && fg_count_cmp(ea.t1, ea.t2) != 0 &&
		    !fg_count_iszero(ea.t1);
		fg_kmerge_par(inp, sc, 2, 2, colbase, emit, &ea);
		fg_fold_close(&in[0]);
		fg_fold_close(&in[1]);
		free(st.ops);
		fg_out_close();
		return fg_status;
	}

	/* the stack table borrows keys from mapped inputs */
	fg_in_map(&in[0].in);
	fg_in_map(&in[1].in);
	tab = fg_stab_new(2);
	ea.t1 = readone(&in[0], tab, 0, strip);
	ea.t2 = readone(&in[1], tab, 1, strip);
	ea.norm = ea.norm && fg_count_cmp(ea.t1, ea.t2) != 0 &&
	    !fg_count_iszero(ea.t1);
	if (header)
		outheader(&st, &ea, strip);
	v = fg_stab_sorted(tab);
	for (i = 0; (e = v[i]) != NULL; i++)
		emit(fg_ent_key(tab, e), e->len, e->c, 2, &ea);
	free(v);
	for (k = 0; k < 2; k++)
		if (in[k].in.buf != NULL)
			fg_fold_close(&in[k]);
	fg_stab_free(tab);
	free(st.ops);
	fg_out_close();
	return fg_status;
}
