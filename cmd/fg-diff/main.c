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
    "  -n, --normalize    scale the base counts to the current total\n"
    "  -s, --strip-hex    replace hex numbers (0x1f3a) with 0x... so that\n"
    "                     relocated code still matches\n"
    "  -F, --fractional   keep fractional counts exactly (default: truncate\n"
    "                     them to integers, as inferno-diff-folded does)\n"
    "      --no-header    do not print the `# fg-diff` header line\n"
    "  -h, --help         print this help and exit\n"
    "      --version      print the version and exit\n"
    "\n"
    "Exit status: 0 success, 1 malformed lines were skipped, 2 error.\n";

enum { OPT_VERSION = 256, OPT_NOHEADER };
static const struct fg_opt opts[] = {
	{ "normalize", 'n', FG_OPT_NOARG },
	{ "strip-hex", 's', FG_OPT_NOARG },
	{ "fractional", 'F', FG_OPT_NOARG },
	{ "no-header", OPT_NOHEADER, FG_OPT_NOARG },
	{ "help", 'h', FG_OPT_NOARG },
	{ "version", OPT_VERSION, FG_OPT_NOARG },
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

static fg_count
readone(struct fg_stab *tab, const char *path, int col, int strip,
    int fractional)
{
	struct fg_fold f;
	struct fg_rec r;
	struct fg_ent *e;
	fg_count total = { 0, 0 };
	char *buf = NULL;
	size_t cap = 0, n;

	fg_fold_open(&f, path, FG_KIND_PROFILE);
	f.truncfrac = !fractional;
	while (fg_fold_next(&f, &r)) {
		if (strip && memchr(r.stack, 'x', r.len) != NULL) {
			if (r.len * 2 + 1 > cap) {
				cap = r.len * 2 + 1;
				buf = fg_realloc(buf, cap);
			}
			n = striphex(buf, r.stack, r.len);
			e = fg_stab_get(tab, buf, n);
		} else
			e = fg_stab_get(tab, r.stack, r.len);
		if (fg_count_add(&e->c[col], r.c[0]) < 0)
			fg_errx(FG_EXIT_ERR, "%s:%llu: sum of counts "
			    "overflows 2^63-1", f.in.name,
			    (unsigned long long)f.in.lineno);
		if (fg_count_add(&total, r.c[0]) < 0)
			fg_errx(FG_EXIT_ERR, "%s: total of counts overflows "
			    "2^63-1", f.in.name);
	}
	if (f.header != NULL) {
		char *k = fg_header_get(f.header, "kind");
		int isdiff = k != NULL && strcmp(k, "diff") == 0;

		free(k);
		if (isdiff)
			fg_errx(FG_EXIT_ERR, "%s: is a differential stream, "
			    "not a profile", f.in.name);
	}
	fg_fold_close(&f);
	free(buf);
	return total;
}

int
main(int argc, char *argv[])
{
	struct fg_optstate st;
	struct fg_stab *tab;
	struct fg_ent **v, *e;
	fg_count t1, t2;
	int c, norm = 0, strip = 0, frac = 0, header = 1;
	size_t i;

	fg_setprogname(argv[0]);
	fg_out_init();
	fg_opt_init(&st, argc, argv);
	while ((c = fg_getopt(&st, opts)) != -1) {
		switch (c) {
		case 'n':
			norm = 1;
			break;
		case 's':
			strip = 1;
			break;
		case 'F':
			frac = 1;
			break;
		case OPT_NOHEADER:
			header = 0;
			break;
		case 'h':
			fg_help(help);
		case OPT_VERSION:
			fg_version();
		default:
			fg_usage(usage);
		}
	}
	if (st.nops != 2)
		fg_usage(usage);
	if (strcmp(st.ops[0], "-") == 0 && strcmp(st.ops[1], "-") == 0)
		fg_errx(FG_EXIT_ERR, "only one input can be standard input");

	tab = fg_stab_new(2);
	t1 = readone(tab, st.ops[0], 0, strip, frac);
	t2 = readone(tab, st.ops[1], 1, strip, frac);
	v = fg_stab_sorted(tab);
	if (norm && fg_count_cmp(t1, t2) != 0 && !fg_count_iszero(t1)) {
		for (i = 0; (e = v[i]) != NULL; i++) {
			if (frac) {
				long double s = (long double)fg_count_dbl(t2) /
				    (long double)fg_count_dbl(t1);

				if (fg_count_scale(&e->c[0], s) < 0)
					fg_errx(FG_EXIT_ERR, "normalized "
					    "count overflows 2^63-1");
			} else {
				/* as difffolded.pl and inferno: in double */
				double d = (double)e->c[0].i * (double)t2.i /
				    (double)t1.i;

				if (fg_count_from_dbl(d, &e->c[0]) < 0)
					fg_errx(FG_EXIT_ERR, "normalized "
					    "count overflows 2^63-1");
				e->c[0].f = 0;
			}
		}
	}
	if (header)
		fg_out_header("fg-diff", "kind", "diff",
		    "base", st.ops[0], "current", st.ops[1],
		    "normalized", norm ? "yes" : NULL,
		    "strip-hex", strip ? "yes" : NULL, (char *)NULL);
	for (i = 0; (e = v[i]) != NULL; i++) {
		fg_out_write(fg_ent_key(tab, e), e->len);
		fg_out_char(' ');
		fg_out_count(e->c[0]);
		fg_out_char(' ');
		fg_out_count(e->c[1]);
		fg_out_char('\n');
	}
	free(v);
	fg_stab_free(tab);
	free(st.ops);
	fg_out_close();
	return fg_status;
}
