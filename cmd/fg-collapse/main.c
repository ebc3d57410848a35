/* SPDX-License-Identifier: ISC */
/*
 * fg-collapse: profiler output into folded stacks. This file: the options
 * and the run; formats.c chooses each input's format, a file per format
 * reads it, write.c writes the stacks.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "collapse.h"

static const char usage[] = "fg-collapse [-f format] [options] [file ...]";

static const char help[] =
    "usage: fg-collapse [-f format] [options] [file ...]\n"
    "Read profiler output (files, or standard input when none or -) and\n"
    "print a folded profile sorted bytewise. The format is detected from\n"
    "the content unless -f names it.\n"
    "\n"
    "  -f, --format NAME      input format (see the list below)\n"
    "  -j, --jobs N           threads for one large perf script file or\n"
    "                         pipe (1 or 2; default: 2 when there are 2\n"
    "                         cores); also -n, --nthreads\n"
    "  -q, --quiet            no warnings about malformed lines (the exit\n"
    "                         status still says)\n"
    "  -h, --help             print this help and exit\n"
    "      --cpuprofile-time  cpuprofile, chrome, speedscope, gecko: weigh\n"
    "                         samples by time (us)\n"
    "      --no-url           cpuprofile, chrome: leave \" url:line\" out\n"
    "                         of frames\n"
    "      --process NAME|PID chrome, gecko: keep only this process\n"
    "                         (repeatable)\n"
    "      --thread NAME|TID  chrome, gecko: keep only this thread;\n"
    "                         speedscope: this profile (name or index;\n"
    "                         repeatable)\n"
    "      --includeoffset    dtrace, bpftrace: keep +offsets (not on\n"
    "                         the leaf frame)\n"
    "      --no-modules       sample: leave out module names\n"
    "      --max-output SIZE  bound on the folded text one input may\n"
    "                         expand to (default 256M; K, M, G suffixes)\n"
    "      --skip-after NAME  cut each stack at its deepest frame NAME,\n"
    "                         dropping its callers (repeatable; inferno)\n"
    "      --since T          keep samples at or after time T: seconds as\n"
    "                         the capture prints them, +DUR after its\n"
    "                         first sample, -DUR before its last (DUR:\n"
    "                         number with unit ms, s, m or h)\n"
    "      --until T          keep samples before time T (as --since)\n"
    "      --window DUR       cut the capture into consecutive windows of\n"
    "                         DUR, one folded file each (named by -o);\n"
    "                         print each file's name, start and end\n"
    "  -o, --output PATTERN   --window's files: DIR (DIR/NNNN.folded) or a\n"
    "                         name with %n (window number), %s (start\n"
    "                         time), %t (seconds from the first window)\n"
    "      --root NAME        make NAME the root frame: replaces the\n"
    "                         process frame, or is added (see the man page)\n"
    "      --no-root          drop the process frame where there is one\n"
    "      --collapse-recursive  fold direct recursion: a;a;a;b is a;b\n"
    "      --header           begin with a \"# fg-collapse kind=profile\n"
    "                         unit=U period=P samples=N\" header saying\n"
    "                         what the counts are, as the input states\n"
    "      --no-header        no header (default: one when the unit is\n"
    "                         known and is not samples, but none for\n"
    "                         perf script input)\n"
    "      --version          print the version and exit\n"
    "\n";

/* The formats' own options (a second string: C11 promises 4095 bytes). */
static const char help_fmt[] =
    "perf script options (those of stackcollapse-perf.pl):\n"
    "      --pid              add the process ID to the process name\n"
    "      --tid              add the process and thread IDs\n"
    "      --kernel           annotate kernel functions with _[k]\n"
    "      --jit              annotate JIT functions with _[j]\n"
    "      --all              both --kernel and --jit\n"
    "      --addrs            raw addresses where a symbol is unknown\n"
    "      --event-filter EV  count only samples of event EV (default:\n"
    "                         the first event in the input)\n"
    "      --srcline          append source lines (perf script -F +srcline)\n"
    "      --inline           expand inlined functions with addr2line(1)\n"
    "      --context          with --inline, add file:line to each frame\n"
    "\n"
    "pprof:\n"
    "      --sample-type NAME|INDEX  value to use (default: the profile's\n"
    "                         default sample type, else the last one)\n"
    "      --tag KEY=VALUE    keep only samples with this label (repeatable;\n"
    "                         values of one key are ORed, keys ANDed)\n"
    "      --tag-root KEY     add a root frame KEY=VALUE (KEY=- when the\n"
    "                         sample has no such label; repeatable)\n"
    "      --lines            add \"file:line\" to each frame (also\n"
    "                         speedscope, gecko)\n"
    "\n"
    "callgrind:\n"
    "      --event NAME       the event to count (default: the first, Ir)\n"
    "\n"
    "xctrace:\n"
    "      --xctrace-weight   count each sample's weight (ns), not 1\n"
    "      --xctrace-threads  process and thread as the first two frames\n"
    "\n"
    "Exit status: 0 success, 1 malformed lines were skipped, 2 error.\n"
    "\n"
    "Formats:\n";

enum {
	OPT_PID = 256, OPT_TID, OPT_KERNEL, OPT_JIT, OPT_ALL,
	OPT_ADDRS, OPT_EVENT, OPT_SRCLINE, OPT_CPUPROF_TIME, OPT_INCLUDEOFFSET,
	OPT_NO_MODULES, OPT_SAMPLE_TYPE, OPT_TAG, OPT_TAG_ROOT, OPT_LINES,
	OPT_MAX_OUTPUT, OPT_SINCE, OPT_UNTIL, OPT_WINDOW, OPT_INLINE,
	OPT_CONTEXT, OPT_ROOT, OPT_NO_ROOT, OPT_RECURSIVE, OPT_CG_EVENT,
	OPT_XCTRACE_WEIGHT, OPT_XCTRACE_THREADS, OPT_NO_URL, OPT_PROCESS,
	OPT_THREAD, OPT_SKIP_AFTER, OPT_HEADER, OPT_NO_HEADER
};
static const struct fg_opt opts[] = {
	{ "format", 'f', FG_OPT_ARG },
	{ "jobs", 'j', FG_OPT_ARG },
	{ "nthreads", 'n', FG_OPT_ARG },
	{ "pid", OPT_PID, FG_OPT_NOARG },
	{ "tid", OPT_TID, FG_OPT_NOARG },
	{ "kernel", OPT_KERNEL, FG_OPT_NOARG },
	{ "jit", OPT_JIT, FG_OPT_NOARG },
	{ "all", OPT_ALL, FG_OPT_NOARG },
	{ "addrs", OPT_ADDRS, FG_OPT_NOARG },
	{ "event-filter", OPT_EVENT, FG_OPT_ARG },
	{ "srcline", OPT_SRCLINE, FG_OPT_NOARG },
	{ "inline", OPT_INLINE, FG_OPT_NOARG },
	{ "context", OPT_CONTEXT, FG_OPT_NOARG },
	{ "help", 'h', FG_OPT_NOARG },
	{ "cpuprofile-time", OPT_CPUPROF_TIME, FG_OPT_NOARG },
	{ "no-url", OPT_NO_URL, FG_OPT_NOARG },
	{ "process", OPT_PROCESS, FG_OPT_ARG },
	{ "thread", OPT_THREAD, FG_OPT_ARG },
	{ "includeoffset", OPT_INCLUDEOFFSET, FG_OPT_NOARG },
	{ "no-modules", OPT_NO_MODULES, FG_OPT_NOARG },
	{ "sample-type", OPT_SAMPLE_TYPE, FG_OPT_ARG },
	{ "tag", OPT_TAG, FG_OPT_ARG },
	{ "tag-root", OPT_TAG_ROOT, FG_OPT_ARG },
	{ "lines", OPT_LINES, FG_OPT_NOARG },
	{ "max-output", OPT_MAX_OUTPUT, FG_OPT_ARG },
	{ "skip-after", OPT_SKIP_AFTER, FG_OPT_ARG },
	{ "since", OPT_SINCE, FG_OPT_ARG },
	{ "until", OPT_UNTIL, FG_OPT_ARG },
	{ "window", OPT_WINDOW, FG_OPT_ARG },
	{ "output", 'o', FG_OPT_ARG },
	{ "root", OPT_ROOT, FG_OPT_ARG },
	{ "no-root", OPT_NO_ROOT, FG_OPT_NOARG },
	{ "collapse-recursive", OPT_RECURSIVE, FG_OPT_NOARG },
	{ "event", OPT_CG_EVENT, FG_OPT_ARG },
	{ "xctrace-weight", OPT_XCTRACE_WEIGHT, FG_OPT_NOARG },
	{ "xctrace-threads", OPT_XCTRACE_THREADS, FG_OPT_NOARG },
	{ "header", OPT_HEADER, FG_OPT_NOARG },
	{ "no-header", OPT_NO_HEADER, FG_OPT_NOARG },
	{ NULL, 0, 0 }
};

/* One input into tab, through the stack transforms when asked for. */
static void
collapse_one(const struct cfmt *f, struct fg_in *in, struct fg_stab *tab,
    const struct copts *o)
{
	struct fg_stab *t1;

	if (!transform_wanted(o)) {
		f->run(in, tab, o);
		return;
	}
	t1 = fg_stab_new(1);
	f->run(in, t1, o);
	transform_merge(tab, t1, f->flags, o, in->name);
	fg_stab_free(t1);
}

static void
usage_help(void)
{
	int i;

	fg_out_str(help);
	fg_out_str(help_fmt);
	for (i = 0; collapse_fmts[i] != NULL; i++)
		fg_out_printf("  %-12s %s\n", collapse_fmts[i]->name,
		    collapse_fmts[i]->desc);
	fg_out_close();
	exit(FG_EXIT_OK);
}

/* Options that only switch something on: the field they set to 1. */
static const struct {
	int opt;
	size_t off;
} flags[] = {
	{ OPT_PID, offsetof(struct copts, pid) },
	{ OPT_TID, offsetof(struct copts, tid) },
	{ OPT_KERNEL, offsetof(struct copts, kernel) },
	{ OPT_JIT, offsetof(struct copts, jit) },
	{ OPT_ADDRS, offsetof(struct copts, addrs) },
	{ OPT_SRCLINE, offsetof(struct copts, srcline) },
	{ OPT_INLINE, offsetof(struct copts, inline_) },
	{ OPT_CONTEXT, offsetof(struct copts, context) },
	{ OPT_CPUPROF_TIME, offsetof(struct copts, cpuprof_time) },
	{ OPT_NO_URL, offsetof(struct copts, no_url) },
	{ OPT_INCLUDEOFFSET, offsetof(struct copts, includeoffset) },
	{ OPT_NO_MODULES, offsetof(struct copts, no_modules) },
	{ OPT_LINES, offsetof(struct copts, lines) },
	{ OPT_NO_ROOT, offsetof(struct copts, noroot) },
	{ OPT_RECURSIVE, offsetof(struct copts, recursive) },
	{ OPT_XCTRACE_WEIGHT, offsetof(struct copts, xctrace_weight) },
	{ OPT_XCTRACE_THREADS, offsetof(struct copts, xctrace_threads) },
};

/* A flag from flags[]: 1 when c is one. */
static int
set_flag(struct copts *o, int c)
{
	size_t i;

	for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
		if (flags[i].opt == c) {
			*(int *)(void *)((char *)o + flags[i].off) = 1;
			return 1;
		}
	return 0;
}

/* An option with an argument; 0 when c is none of them. */
static int
set_arg(struct copts *o, int c, const char *arg)
{
	switch (c) {
	case 'j':
	case 'n':
		o->nothreads = fg_parse_int(arg, 1, 1024,
		    "number of threads") == 1;
		break;
	case OPT_EVENT:
		o->event_filter = arg;
		break;
	case OPT_PROCESS:
		o->procs[o->nprocs++] = arg;
		break;
	case OPT_THREAD:
		o->threads[o->nthreads++] = arg;
		break;
	case OPT_SAMPLE_TYPE:
		o->sample_type = arg;
		break;
	case OPT_TAG:
		o->tags[o->ntags++] = arg;
		break;
	case OPT_TAG_ROOT:
		o->tag_roots[o->ntag_roots++] = arg;
		break;
	case OPT_MAX_OUTPUT:
		o->max_output = collapse_parse_size(arg);
		break;
	case OPT_SKIP_AFTER:
		o->skips[o->nskips++] = arg;
		break;
	case OPT_CG_EVENT:
		o->cg_event = arg;
		break;
	case OPT_ROOT:
		transform_check_root(arg);
		o->root = arg;
		break;
	default:
		return 0;
	}
	return 1;
}

/* The options into o; the format -f names, or NULL. */
static const struct cfmt *
parse_opts(struct fg_optstate *st, struct copts *o, int argc, char *argv[])
{
	const struct cfmt *force = NULL;
	int c;

	memset(o, 0, sizeof(*o));
	o->header = -1;
	o->unit = fg_calloc(1, sizeof(*o->unit));
	o->kept = fg_calloc(1, sizeof(*o->kept));
	o->tags = fg_calloc((size_t)argc, sizeof(*o->tags));
	o->tag_roots = fg_calloc((size_t)argc, sizeof(*o->tag_roots));
	o->skips = fg_calloc((size_t)argc, sizeof(*o->skips));
	o->procs = fg_calloc((size_t)argc, sizeof(*o->procs));
	o->threads = fg_calloc((size_t)argc, sizeof(*o->threads));
	fg_opt_init(st, argc, argv);
	while ((c = fg_getopt(st, opts)) != -1) {
		if (set_flag(o, c) || set_arg(o, c, st->arg))
			continue;
		switch (c) {
		case 'f':
			if ((force = collapse_find(st->arg)) == NULL)
				collapse_unknown(st->arg);
			break;
		case 'h':
			usage_help();
			break;
		case OPT_ALL:
			o->kernel = o->jit = 1;
			break;
		case OPT_HEADER:
		case OPT_NO_HEADER:
			o->header = c == OPT_HEADER;
			break;
		case OPT_SINCE:
		case OPT_UNTIL:
		case OPT_WINDOW:
		case 'o':
			window_opt(o, c == OPT_SINCE ? 's' : c == OPT_UNTIL ?
			    'u' : c == OPT_WINDOW ? 'w' : 'o', st->arg);
			break;
		default:
			fg_usage(usage);
		}
	}
	window_check(o);
	return force;
}

/*
 * The format of the input, from its head: NULL for an empty input; none
 * recognising it is fatal.
 */
static const struct cfmt *
detect(struct fg_in *in)
{
	const struct cfmt *f;
	struct cnear nr;
	const char *head;
	size_t n;

	head = in_peek(in, COLLAPSE_PROBE_BYTES, &n);
	if (n == 0)
		return NULL;	/* empty input: nothing to do */
	if (n >= 8 && memcmp(head, "PERFILE2", 8) == 0)
		fg_errx(FG_EXIT_ERR, "%s: this is perf.data, which perf "
		    "reads: run perf script -i %s, then give fg-collapse its "
		    "output", in->name, in->name);
	if ((f = collapse_choose(head, n, &nr)) == NULL)
		collapse_unrecognised(in->name, &nr);
	return f;
}

/* Every input, collapsed into one table. */
static struct fg_stab *
collapse_all(char **files, int nfiles, const struct cfmt *force,
    const struct copts *o)
{
	struct fg_stab *tab = fg_stab_new(1);
	const struct cfmt *f;
	struct fg_in in;
	int k;

	for (k = 0; k < nfiles; k++) {
		fg_in_open(&in, files[k]);
		f = force != NULL ? force : detect(&in);
		if (f != NULL && window_on(o) && !(f->flags & CFMT_TIMED))
			fg_errx(FG_EXIT_ERR, "%s: %s input has no sample times: "
			    "--since, --until and --window do not apply",
			    in.name, f->name);
		if (f != NULL) {
			collapse_one(f, &in, tab, o);
			collapse_unit_end(o, in.name);
		}
		fg_in_close(&in);
	}
	return tab;
}

int
main(int argc, char *argv[])
{
	struct fg_optstate st;
	struct copts o;
	const struct cfmt *force;
	struct fg_stab *tab;
	char **files;
	int nfiles;

	fg_tool_init(argv[0], usage, help);
	force = parse_opts(&st, &o, argc, argv);
	files = fg_opt_files(&st, &nfiles);
	tab = collapse_all(files, nfiles, force, &o);
	tab = skip_after(tab, o.skips, o.nskips);
	if (o.win != NULL && o.win->every > 0)
		window_write(&o, tab);
	else
		collapse_write(tab, &o);
	fg_stab_free(tab);
	collapse_kept_free(o.kept);
	free(o.kept);
	free(o.win);
	free(o.unit);
	free(st.ops);
	free(o.tags);
	free(o.tag_roots);
	free(o.skips);
	free(o.procs);
	free(o.threads);
	fg_out_close();
	return fg_status;
}
