/* SPDX-License-Identifier: ISC */
/* fg-diff: two folded profiles into one differential stream. */
#include <stdlib.h>
#include <string.h>

#include "diff.h"

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

int
main(int argc, char *argv[])
{
	struct fg_optstate st;
	struct fg_sumopt so;
	struct emitarg ea;
	struct overlap_verdict ov;
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
	so.rekey = ea.strip ? diff_rekey : NULL;
	so.onheader = diff_onheader;
	so.start = diff_start;
	so.emit = diff_emit;
	so.arg = &ea;
	so.fork = diff_fork;
	so.join = diff_join;
	overlap_init(&ea.ov);
	fg_sum(st.ops, 2, &so);
	if (overlap_judge(&ea.ov, ea.tot, &ov))
		overlap_warn(&ea.ov, &ov, st.ops[0], st.ops[1]);
	overlap_free(&ea.ov);
	fg_carry_free(&ea.carry);
	free(ea.buf);
	free(st.ops);
	fg_out_close();
	return fg_status;
}
