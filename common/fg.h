/* SPDX-License-Identifier: ISC */
/*
 * fg.h: the shared core of the fg tools.
 *
 * err.c     program name, warnings and fatal errors with file:line
 * in.c      line input: read(2) into a growing buffer, lines in place
 * out.c     checked, buffered output (a full disk or closed pipe is fatal)
 * count.c   fixed-point counts: exact integers to 2^63-1, 9 decimals
 * stab.c    the stack table: arena + open-addressing hash, bytewise sort
 * opt.c     option parsing (short clusters, --long[=value], permuted)
 * folded.c  the folded format: data lines, header lines, stream kinds
 */
#ifndef FG_H
#define FG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define FG_VERSION "0.1.0"

#if defined(__GNUC__) || defined(__clang__)
#define FG_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define FG_PRINTF(f, a)
#endif

/* Exit status shared by every tool (see fg-folded(5)). */
enum {
	FG_EXIT_OK = 0,		/* success */
	FG_EXIT_DATA = 1,	/* done, but malformed input lines were skipped */
	FG_EXIT_ERR = 2		/* fatal error: usage, I/O, overflow, memory */
};

/* ---- err.c ---- */
extern const char *fg_progname;
extern int fg_status;		/* becomes FG_EXIT_DATA after a data warning */
void fg_setprogname(const char *argv0);
void fg_warnx(const char *fmt, ...) FG_PRINTF(1, 2);
void fg_warn(const char *fmt, ...) FG_PRINTF(1, 2);	/* appends strerror(errno) */
_Noreturn void fg_errx(int code, const char *fmt, ...) FG_PRINTF(2, 3);
_Noreturn void fg_err(int code, const char *fmt, ...) FG_PRINTF(2, 3);
void *fg_malloc(size_t n);
void *fg_calloc(size_t n, size_t sz);
void *fg_realloc(void *p, size_t n);
void *fg_reallocarray(void *p, size_t n, size_t sz);
char *fg_strdup(const char *s);

/* ---- in.c ---- */
struct fg_in {
	int fd;
	const char *name;	/* as given; "-" shown as "<stdin>" */
	char *buf;
	size_t cap, pos, end;
	uint64_t lineno;	/* number of the line last returned */
	int eof;
	int ownfd;
	unsigned nwarn;		/* data warnings printed for this input */
	uint64_t nbad;		/* malformed lines seen */
	int mapped;		/* 1: buf maps the file; 2: caller's memory */
	int quiet;		/* no warnings, no exit status change */
	uint64_t boff;		/* file offset of buf[0] */
	int ranged;		/* reading [roff, rend) with pread(2) */
	uint64_t roff, rend;
	int slurp;		/* reading a whole file: no line limit */
	int crwarned;		/* warned about a carriage return */
	struct fg_gz *gz;	/* decompressing gzip input (inflate.h) */
};
/* Opens path ("-" is stdin); on failure prints a message and exits. */
void fg_in_open(struct fg_in *in, const char *path);
/* Opens path; returns -1 (errno set) instead of exiting. */
int fg_in_tryopen(struct fg_in *in, const char *path);
void fg_in_close(struct fg_in *in);
/*
 * Maps a regular file read-only instead of reading it (call right after
 * opening); returns 1 when mapped. Lines of a mapped input are NOT
 * NUL-terminated, and they stay valid until fg_in_close(), so callers may
 * keep pointers into them (see fg_stab_get_ref).
 */
int fg_in_map(struct fg_in *in);
/*
 * An input over bytes [start, end) of the file open on fd, read with
 * pread(2) so that several threads can read parts of one file; the fd is
 * not closed with it.
 */
void fg_in_range(struct fg_in *in, const char *name, int fd, uint64_t start,
    uint64_t end);
/*
 * The file, not yet read from, has size bytes: it is read with pread(2) up
 * to there, and ending sooner is fatal ("input file shrank while being
 * read") instead of a silent early end of input.
 */
void fg_in_expect(struct fg_in *in, uint64_t size);
/* Longest line read into memory: FG_MAX_LINE, default 64 MiB. */
size_t fg_in_maxline(void);
/* File offset of p, a pointer into a line fg_in_line returned. */
uint64_t fg_in_offset(const struct fg_in *in, const char *p);
/* An input over len bytes of memory the caller owns (as if mapped). */
void fg_in_mem(struct fg_in *in, const char *name, const char *buf,
    size_t len);
/*
 * Returns the next line in place, without its '\n' (nor a '\r' before it),
 * NUL-terminated in the buffer unless the input is mapped; *len is its
 * length. NULL at end of input. The line stays valid until the next call
 * (mapped: until close). Read errors are fatal.
 */
char *fg_in_line(struct fg_in *in, size_t *len);
/*
 * Makes at least want bytes (or all that is left) available without
 * consuming them; returns a pointer to them and their number in *have.
 */
const char *fg_in_peek(struct fg_in *in, size_t want, size_t *have);
/*
 * Reads the whole input into one malloc'd buffer (NUL-terminated);
 * for formats that need it (JSON, protobuf). Read errors are fatal.
 */
char *fg_in_slurp(struct fg_in *in, size_t *len);
/* Warns about the current line: "prog: file:line: msg". Caps repeats. */
void fg_in_warn(struct fg_in *in, const char *fmt, ...) FG_PRINTF(2, 3);
/* At the end of an input: summary of suppressed warnings, if any. */
void fg_in_warnsummary(struct fg_in *in);

/* ---- out.c ---- */
/* Buffered standard output; every write checked, errors fatal. */
void fg_out_init(void);
void fg_out_write(const void *p, size_t n);
void fg_out_str(const char *s);
void fg_out_char(int c);
void fg_out_u64(uint64_t v);
void fg_out_printf(const char *fmt, ...) FG_PRINTF(1, 2);
void fg_out_flush(void);
/*
 * Makes this thread's fg_out_* calls append to b instead of standard
 * output (NULL: back to standard output); for output made on a second
 * thread and written after the first's.
 */
struct fg_outbuf {
	char *p;
	size_t n, cap;
};
void fg_out_capture(struct fg_outbuf *b);
/* Flushes, closes stdout and checks it; exits FG_EXIT_ERR on failure. */
void fg_out_close(void);

/* ---- count.c ---- */
#define FG_FRAC_DIGITS 9
#define FG_FRAC_ONE 1000000000u
typedef struct {
	int64_t i;		/* whole part, >= 0 */
	uint32_t f;		/* fractional part in units of 1e-9 */
} fg_count;
enum fg_numerr {
	FG_NUM_OK = 0,
	FG_NUM_EMPTY,		/* no digits */
	FG_NUM_SYNTAX,		/* not a non-negative decimal number */
	FG_NUM_NEG,		/* negative */
	FG_NUM_RANGE		/* over 2^63-1 */
};
/*
 * Parses a count: digits, optionally '.' and more digits ("20." and ".5"
 * are accepted as flamegraph.pl and inferno accept them). Fractional
 * digits past the ninth are dropped.
 */
enum fg_numerr fg_count_parse(const char *s, size_t n, fg_count *c);
const char *fg_numerr_str(enum fg_numerr e);
/* a += b; returns -1 on overflow (a unchanged). */
int fg_count_add(fg_count *a, fg_count b);
/* The one message for a sum over 2^63-1 ("file:line: ..."); exits 2. */
_Noreturn void fg_sum_overflow(const char *name, uint64_t lineno);
int fg_count_cmp(fg_count a, fg_count b);
int fg_count_iszero(fg_count c);
/* Formats into buf (at least 32 bytes); returns the length. */
size_t fg_count_fmt(char *buf, fg_count c);
void fg_out_count(fg_count c);
double fg_count_dbl(fg_count c);
/* Nearest count to a non-negative finite double; -1 if out of range. */
int fg_count_from_dbl(long double d, fg_count *c);
/* c * factor (factor >= 0), rounded to 1e-9; -1 on overflow. */
int fg_count_scale(fg_count *c, long double factor);
/* Parses an option value as a non-negative decimal factor; exits on error. */
long double fg_parse_factor(const char *s, const char *what);
/* strtonum-like: a whole number in [min, max], or exit with a message. */
long long fg_parse_int(const char *s, long long min, long long max,
    const char *what);

/* ---- stab.c ---- */
struct fg_ent {
	struct fg_ent *next;	/* insertion order list */
	const char *key;	/* NUL-terminated unless borrowed */
	uint64_t hash;
	uint32_t len;		/* key length */
	uint32_t aux;		/* free for the tool's use */
	fg_count c[];		/* ncols counts (then the key, if owned) */
};
struct fg_stab;
struct fg_stab *fg_stab_new(int ncols);
void fg_stab_free(struct fg_stab *t);
int fg_stab_ncols(const struct fg_stab *t);
size_t fg_stab_count(const struct fg_stab *t);
/* Finds or inserts key; new entries have zero counts. */
struct fg_ent *fg_stab_get(struct fg_stab *t, const char *key, size_t len);
/*
 * As fg_stab_get, but a new entry borrows key instead of copying it: the
 * caller keeps that memory alive and unchanged (a mapped input), or calls
 * fg_stab_own() before releasing it.
 */
struct fg_ent *fg_stab_get_ref(struct fg_stab *t, const char *key,
    size_t len);
struct fg_ent *fg_stab_find(struct fg_stab *t, const char *key, size_t len);
static inline const char *
fg_ent_key(const struct fg_stab *t, const struct fg_ent *e)
{
	(void)t;
	return e->key;
}
/* First entry in insertion order (follow ->next). */
struct fg_ent *fg_stab_first(const struct fg_stab *t);
/* Last entry inserted so far (NULL when empty): a mark for the two below. */
struct fg_ent *fg_stab_last(const struct fg_stab *t);
/* Key bytes of the borrowed entries inserted after mark (NULL: all). */
size_t fg_stab_borrowed(const struct fg_stab *t, const struct fg_ent *mark);
/* Copies the borrowed keys of entries inserted after mark into the table. */
void fg_stab_own(struct fg_stab *t, const struct fg_ent *mark);
/* A malloc'd array of all entries sorted bytewise by key (LC_ALL=C sort). */
struct fg_ent **fg_stab_sorted(struct fg_stab *t);
/* Sorts an array of keys bytewise; used by fg_stab_sorted. */
struct fg_keyref {
	const char *key;
	size_t len;
	void *p;
};
void fg_sort_keys(struct fg_keyref *v, size_t n);
int fg_keycmp(const char *a, size_t alen, const char *b, size_t blen);
uint64_t fg_hash(const void *p, size_t n);
/* Length of the common prefix of a[0..n) and b[0..n). */
size_t fg_commonlen(const char *a, const char *b, size_t n);

/* ---- opt.c ---- */
enum { FG_OPT_NOARG = 0, FG_OPT_ARG = 1 };
struct fg_opt {
	const char *lng;	/* long name without "--", or NULL */
	int shrt;		/* short letter, or a value > 255 for long only */
	int hasarg;
};
struct fg_optstate {
	int argc;
	char **argv;
	int i;			/* next argv index */
	int sub;		/* position in a short-option cluster */
	const char *arg;	/* argument of the option returned */
	char **ops;		/* operands collected (non-options) */
	int nops;
	int done;		/* "--" seen */
};
/*
 * Sets the program name, prepares output, and registers the tool's usage
 * line and help text: fg_getopt then handles -h/--help and --version
 * itself (unless the tool's table has them) and exits on a usage error.
 */
void fg_tool_init(const char *argv0, const char *usage, const char *help);
/* The end of every tool's --help text. */
#define FG_HELP_TAIL \
    "  -h, --help             print this help and exit\n" \
    "      --version          print the version and exit\n" \
    "\n" \
    "Exit status: 0 success, 1 malformed lines were skipped, 2 error.\n"

void fg_opt_init(struct fg_optstate *st, int argc, char **argv);
/* The operands, or a single "-" when there are none. */
char **fg_opt_files(struct fg_optstate *st, int *n);
/*
 * Returns the next option's shrt value, or -1 when argv is exhausted (the
 * operands are then in st->ops). Options and operands may be mixed; "--"
 * ends options and "-" is an operand. Unknown options or missing arguments
 * print a message and return '?'.
 */
int fg_getopt(struct fg_optstate *st, const struct fg_opt *opts);
/* ---- habit.c ---- */
/*
 * Options of flamegraph.pl, the stackcollapse scripts and inferno that the
 * running tool's table opts lacks, as a malloc'd table for fg_getopt: each
 * is accepted (its meaning is fg's behaviour already) or refused with what
 * to use instead, by fg_habit(shrt, arg). Their shrt values are FG_HABIT
 * and above.
 */
#define FG_HABIT 0x100000
struct fg_opt *fg_habits(const struct fg_opt *opts);
void fg_habit(int code, const char *arg);
/* -q, --quiet: no warnings about malformed lines (the status still says). */
extern int fg_quiet;
/* Prints "usage: ..." to stderr and exits FG_EXIT_ERR. */
_Noreturn void fg_usage(const char *usage);
/* Prints help text to stdout (checked) and exits 0. */
_Noreturn void fg_help(const char *text);
_Noreturn void fg_version(void);

/* ---- folded.c ---- */
enum fg_kind { FG_KIND_UNKNOWN = 0, FG_KIND_PROFILE = 1, FG_KIND_DIFF = 2 };
struct fg_rec {
	const char *stack;
	size_t len;
	int ncols;		/* 1 or 2 */
	fg_count c[2];
};
/*
 * Parses one data line (already without '\n'/'\r'). kind says how many
 * trailing count fields to take: PROFILE one, DIFF two, UNKNOWN two when
 * the line has two numeric fields (as flamegraph.pl decides), else one.
 * Returns 0, or an error string for a malformed line. Trailing blanks after
 * the stack are trimmed, as flamegraph.pl and inferno trim them. The line is
 * not modified: r->stack points into it and is NOT NUL-terminated.
 */
const char *fg_parse_rec(const char *line, size_t len, enum fg_kind kind,
    struct fg_rec *r);
/* True for lines to skip: empty, blank, and '#' comment/header lines. */
int fg_is_meta(const char *line, size_t len);

/*
 * A folded input stream: lines, comments and headers handled, kind
 * settled from a "# fg-... kind=" header or the first data line.
 */
struct fg_fold {
	struct fg_in in;
	enum fg_kind kind;
	int fracwarned;
	int anyrec;		/* a record was returned */
	uint64_t nonecount;	/* one-count lines in a differential stream */
	int truncfrac;		/* drop fractional parts (fg-diff default) */
	char *header;		/* first "# fg-" header line seen, malloc'd */
	/* mapped inputs: the window of lines since keys were last settled */
	size_t winpos;
	const struct fg_ent *winmark;
	int wininit;
	int winkept;		/* some window still lends keys */
	/* If set (after fg_fold_open), called with every metadata line. */
	void (*onmeta)(void *arg, const char *line, size_t len);
	void *metaarg;
	/* fg_fold_open_list: the inputs read one after the other */
	char *const *paths;
	int npaths, ipath;
};
void fg_fold_open(struct fg_fold *f, const char *path, enum fg_kind kind);
/*
 * One stream over n inputs read in turn, as flamegraph.pl reads its files:
 * the first header and kind stand for all (fg-svg, fg-color).
 */
void fg_fold_open_list(struct fg_fold *f, char *const *paths, int n,
    enum fg_kind kind);
/*
 * fg_fold_open, mapping the file when it is a regular one: records then
 * stay valid until fg_fold_close. Returns 1 when mapped.
 */
int fg_fold_open_map(struct fg_fold *f, const char *path, enum fg_kind kind);
/*
 * Interns a record's stack: borrowing the key from a mapped input (no copy),
 * copying it otherwise.
 */
struct fg_ent *fg_fold_intern(struct fg_fold *f, struct fg_stab *t,
    const char *key, size_t len);
/*
 * At the end of an input read into t since mark (fg_stab_last before it):
 * when the keys it lent are a small part of it, copies them into t and
 * closes the input, returning 1; otherwise leaves it open, returning 0, and
 * the caller closes it after its last use of t. So memory stays in
 * proportion to the unique stacks, never to the input.
 */
int fg_fold_settle(struct fg_fold *f, struct fg_stab *t,
    const struct fg_ent *mark);
/*
 * Adds a --base name (inferno-flamegraph's --base, repeatable): from then
 * on fg_fold_next keeps only stacks with a frame of one of these names,
 * cut to start at the deepest such frame.
 */
void fg_fold_base(const char *name);
/* Next valid record; malformed lines are warned about and skipped. */
int fg_fold_next(struct fg_fold *f, struct fg_rec *r);
void fg_fold_close(struct fg_fold *f);
/* Value of key in a "# fg-TOOL k=v ..." header (percent-decoded), or NULL. */
char *fg_header_get(const char *header, const char *key);
/* Writes "# fg-TOOL" then " key=value" pairs (NULL-terminated list). */
void fg_out_header(const char *tool, ...);

/* ---- kmerge.c ---- */
/*
 * Pre-pass over an input opened but not yet read (a regular file, read
 * with pread(2), or a mapped one), on two threads:
 * finds the kind and header the real pass will find, totals the counts per
 * column (fractions truncated when f->truncfrac), and returns 1 when the
 * stacks are in bytewise order (repeats allowed) and no total overflows.
 * Quiet, and f is left as it was: the real pass detects and reports the
 * same way whether or not a scan ran. res->header is malloc'd or NULL.
 */
struct fg_scan {
	enum fg_kind kind;
	char *header;
	fg_count total[2];
	uint64_t start;		/* offset of the first record */
	uint64_t size;		/* of the input */
	uint64_t bad;		/* malformed lines */
	int fd;			/* the file's, for fg_kmerge_par; -1 if mapped */
};
int fg_fold_scan(struct fg_fold *f, struct fg_scan *res);
typedef void (*fg_emit_fn)(const char *key, size_t len, const fg_count *c,
    int ncols, void *arg);
/*
 * Merges sorted, mapped inputs in one pass: for every stack, in order,
 * emit() gets ncols summed counts, input i's column j adding into column
 * colbase[i] + j. An overflowing sum is fatal.
 */
void fg_kmerge(struct fg_fold **in, int n, int ncols, const int *colbase,
    fg_emit_fn emit, void *arg);
/*
 * fg_kmerge on two cores for large regular files with clean scans sc[i]
 * (else it is fg_kmerge): same output. emit() runs on both threads, so it
 * must write only through fg_out_* and read only shared state.
 */
struct fg_emitter {
	fg_emit_fn emit;
	void *arg;
	/*
	 * Optional state of emit() per thread: fork(arg) makes the second
	 * thread's arg, join(arg, child) folds it back in once that thread
	 * is done (set both or neither; NULL: both threads share arg).
	 */
	void *(*fork)(void *arg);
	void (*join)(void *arg, void *child);
};
void fg_kmerge_par(struct fg_fold **in, const struct fg_scan *sc, int n,
    int ncols, const int *colbase, const struct fg_emitter *em);

/* ---- stats.c ---- */
/*
 * Two-proportion z statistic for a frame's share before (a of ta) and after
 * (b of tb): positive when its share grew. 0 when either total is 0.
 */
double fg_ztest(double a, double ta, double b, double tb);
/* Default |z| above which a change counts as real (see fg-top(1)). */
#define FG_Z_DEFAULT 3.29

/* ---- util ---- */
const char *fg_basename(const char *path);

#endif
