/* SPDX-License-Identifier: ISC */
/* fg-diff: two folded profiles into one differential stream. */
#include <stdlib.h>
#include <string.h>

#include "sum.h"
#include "carry.h"
#include "overlap.h"

static const char usage[] =
    "fg-diff [-nsFI] [--no-header] base current";

static const char help[] =
    "usage: fg-diff [-nsFI] [--no-header] base current\n"
    "Print the union of two folded profiles as `stack before after`, sorted\n"
    "bytewise, for flamegraph.pl, fg-color, fg-svg, fg-elide and fg-top.\n"
    "Either file may be - for standard input.\n"
    "\n"
    "  -n, --normalize        scale the base counts to the current total\n"
    "                         (mode=proportional; default mode=absolute)\n"
    "  -s, --strip-hex        replace hex numbers (0x1f3a) with 0x... so that\n"
    "                         relocated code still matches\n"
    "  -F, --fractional       keep fractional counts exactly (the default)\n"
    "  -I, --integer          truncate counts to integers, as\n"
    "                         inferno-diff-folded does, for tools that need them\n"
    "      --no-header        do not print the `# fg-diff` header line\n"
    FG_HELP_TAIL;

enum { OPT_NOHEADER = 256 };
static const struct fg_opt opts[] = {
	{ "normalize", 'n', FG_OPT_NOARG },
	{ "strip-hex", 's', FG_OPT_NOARG },
	{ "fractional", 'F', FG_OPT_NOARG },
	{ "integer", 'I', FG_OPT_NOARG },
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

struct emitarg {
	int norm, frac, strip, header;
	struct fg_carry carry;	/* the inputs' unit, period and samples */
	struct overlap ov;
	const struct fg_optstate *st;
	fg_count t1, t2;
	fg_count tot[2];	/* t1, t2 as read (-n may not apply) */
	char *buf;		/* -s: the key with hex stripped */
	size_t cap;
};

static const char *
rekey(void *arg, int i, const char *key, size_t len, size_t *outlen)
{
	struct emitarg *a = arg;

	(void)i;
	if (memchr(key, 'x', len) == NULL) {
		*outlen = len;
		return key;
	}
	if (len * 2 + 1 > a->cap) {
		a->cap = len * 2 + 1;
		a->buf = fg_realloc(a->buf, a->cap);
	}
	*outlen = striphex(a->buf, key, len);
	return a->buf;
}

static void
onheader(void *arg, int i, const char *name, const char *header)
{
	struct emitarg *a = arg;

	checkprofile(name, header);
	fg_carry_add(&a->carry, i, header);
}

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
	struct emitarg *a = arg;
	fg_count c0 = cnt[0];

	(void)ncols;
	overlap_add(&a->ov, key, len, cnt);
	if (a->norm)
		normalize(&c0, a);
	fg_out_write(key, len);
	fg_out_char(' ');
	fg_out_count(c0);
	fg_out_char(' ');
	fg_out_count(cnt[1]);
	fg_out_char('\n');
}

/* The second thread's state: its own overlap figures. */
static void *
fork(void *arg)
{
	struct emitarg *c = fg_malloc(sizeof(*c));

	*c = *(struct emitarg *)arg;
	overlap_init(&c->ov);
	return c;
}

static void
join(void *arg, void *child)
{
	struct emitarg *a = arg, *c = child;

	overlap_join(&a->ov, &c->ov);
	free(c);
}

/*
 * The totals are known: the header, and whether -n changes anything. With
 * -n, base-total= keeps the base's total before scaling, for the noise
 * test of the tools that read the stream (its samples). The inputs' unit=
 * and period= go on when both inputs give the same (period= not with -n:
 * the scaled base's counts are no longer that many units per sample), and
 * samples= as BASE:CURRENT when both give one.
 */
static void
start(void *arg, enum fg_kind kind, int ncols, const fg_count *total)
{
	struct emitarg *a = arg;
	char bt[64], *smp = NULL, **sv = a->carry.samples;

	(void)kind;
	(void)ncols;
	fg_count_fmt(bt, total[0]);
	if (sv[0] != NULL && sv[1] != NULL && strchr(sv[0], ':') == NULL &&
	    strchr(sv[1], ':') == NULL) {
		smp = fg_malloc(strlen(sv[0]) + strlen(sv[1]) + 2);
		sprintf(smp, "%s:%s", sv[0], sv[1]);
	}
	if (a->header)
		fg_out_header("fg-diff", "kind", "diff", "mode", a->norm ?
		    "proportional" : "absolute", "base",
		    a->st->ops[0], "current", a->st->ops[1], "normalized",
		    a->norm ? "yes" : NULL, "base-total", a->norm ? bt : NULL,
		    "strip-hex", a->strip ? "yes" : NULL, "unit",
		    fg_carry_unit(&a->carry), "period", a->norm ? NULL :
		    fg_carry_period(&a->carry), "samples", smp, (char *)NULL);
	free(smp);
	a->t1 = a->tot[0] = total[0];
	a->t2 = a->tot[1] = total[1];
	a->norm = a->norm && fg_count_cmp(a->t1, a->t2) != 0 &&
	    !fg_count_iszero(a->t1);
}

int
main(int argc, char *argv[])
{
	struct fg_optstate st;
	struct fg_sumopt so;
	struct emitarg ea;
	int c;

	fg_tool_init(argv[0], usage, help);
	memset(&ea, 0, sizeof(ea));
	ea.header = 1;
	ea.frac = 1;
	ea.st = &st;
	fg_opt_init(&st, argc, argv);
	while ((c = fg_getopt(&st, opts)) != -1) {
		switch (c) {
		case 'n':
			ea.norm = 1;
			break;
		case 's':
			ea.strip = 1;
			break;
		case 'F':
			ea.frac = 1;
			break;
		case 'I':
			ea.frac = 0;
			break;
		case OPT_NOHEADER:
			ea.header = 0;
			break;
		default:
			fg_usage(usage);
		}
	}
	if (st.nops != 2)
		fg_usage(usage);
	if (strcmp(st.ops[0], "-") == 0 && strcmp(st.ops[1], "-") == 0)
		fg_errx(FG_EXIT_ERR, "only one input can be standard input");

	memset(&so, 0, sizeof(so));
	so.kind = FG_KIND_PROFILE;
	so.bycol = 1;
	so.truncfrac = !ea.frac;
	so.needtotal = 1;
	so.rekey = ea.strip ? rekey : NULL;
	so.onheader = onheader;
	so.start = start;
	so.emit = emit;
	so.arg = &ea;
	so.fork = fork;
	so.join = join;
	overlap_init(&ea.ov);
	fg_sum(st.ops, 2, &so);
	overlap_check(&ea.ov, ea.tot, st.ops[0], st.ops[1]);
	overlap_free(&ea.ov);
	fg_carry_free(&ea.carry);
	free(ea.buf);
	free(st.ops);
	fg_out_close();
	return fg_status;
}
