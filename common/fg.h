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
};
/* Opens path ("-" is stdin); on failure prints a message and exits. */
void fg_in_open(struct fg_in *in, const char *path);
/* Opens path; returns -1 (errno set) instead of exiting. */
int fg_in_tryopen(struct fg_in *in, const char *path);
void fg_in_close(struct fg_in *in);
/*
 * Returns the next line in place, without its '\n' (nor a '\r' before it),
 * NUL-terminated in the buffer; *len is its length. NULL at end of input.
 * The line stays valid until the next call. Read errors are fatal.
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
/* a -= b when a >= b, else returns -1. */
int fg_count_sub(fg_count *a, fg_count b);
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
	uint64_t hash;
	uint32_t len;		/* key length */
	uint32_t aux;		/* free for the tool's use */
	fg_count c[];		/* ncols counts, then the key bytes */
};
struct fg_stab;
struct fg_stab *fg_stab_new(int ncols);
void fg_stab_free(struct fg_stab *t);
int fg_stab_ncols(const struct fg_stab *t);
size_t fg_stab_count(const struct fg_stab *t);
/* Finds or inserts key; new entries have zero counts. */
struct fg_ent *fg_stab_get(struct fg_stab *t, const char *key, size_t len);
struct fg_ent *fg_stab_find(struct fg_stab *t, const char *key, size_t len);
static inline const char *
fg_ent_key(const struct fg_stab *t, const struct fg_ent *e)
{
	return (const char *)(e->c + fg_stab_ncols(t));
}
/* First entry in insertion order (follow ->next). */
struct fg_ent *fg_stab_first(const struct fg_stab *t);
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
void fg_opt_init(struct fg_optstate *st, int argc, char **argv);
/*
 * Returns the next option's shrt value, or -1 when argv is exhausted (the
 * operands are then in st->ops). Options and operands may be mixed; "--"
 * ends options and "-" is an operand. Unknown options or missing arguments
 * print a message and return '?'.
 */
int fg_getopt(struct fg_optstate *st, const struct fg_opt *opts);
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
 * the stack are trimmed, as flamegraph.pl and inferno trim them.
 */
const char *fg_parse_rec(char *line, size_t len, enum fg_kind kind,
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
	int truncfrac;		/* drop fractional parts (fg-diff default) */
	char *header;		/* first "# fg-" header line seen, malloc'd */
	/* If set (after fg_fold_open), called with every metadata line. */
	void (*onmeta)(void *arg, const char *line, size_t len);
	void *metaarg;
};
void fg_fold_open(struct fg_fold *f, const char *path, enum fg_kind kind);
/* Next valid record; malformed lines are warned about and skipped. */
int fg_fold_next(struct fg_fold *f, struct fg_rec *r);
void fg_fold_close(struct fg_fold *f);
/* Value of key in a "# fg-TOOL k=v ..." header (percent-decoded), or NULL. */
char *fg_header_get(const char *header, const char *key);
/* Writes "# fg-TOOL" then " key=value" pairs (NULL-terminated list). */
void fg_out_header(const char *tool, ...);

/* ---- stats.c ---- */
/*
 * Two-proportion z statistic for a frame's share before (a of ta) and after
 * (b of tb): positive when its share grew. 0 when either total is 0.
 */
double fg_ztest(double a, double ta, double b, double tb);
/* Default |z| above which a change counts as real (see fg-top(1)). */
#define FG_Z_DEFAULT 3.29
/* 1 when |fg_ztest(...)| > zcrit: the change is beyond sampling noise. */
int fg_significant(double a, double ta, double b, double tb, double zcrit);

/* ---- util ---- */
const char *fg_basename(const char *path);

#endif
