/* SPDX-License-Identifier: ISC */
/*
 * fg.h: the core library of the fg tools, which every tool links:
 *
 * err.c      program name, warnings and fatal errors with file:line
 * alloc.c    checked allocation; large allocations on huge pages (big);
 *            bump allocators (arena)
 * in.c       line input: read(2) into a growing buffer, lines in place;
 *            gzip members decompressed on a second thread (gzstream)
 * inflate.c  raw DEFLATE, for gzip input and fg-collapse's pprof
 * out.c      checked, buffered output
 * count.c    fixed-point counts: exact integers to 2^63-1, 9 decimals,
 *            parsed and formatted
 * stab.c     the stack table: arena + open-addressing hash; bytewise
 *            sort of keys (keysort) and the split of that sort (pivot)
 * opt.c      option parsing (short clusters, --long[=value], permuted);
 *            other tools' options (habit); --help, --version (usage);
 *            --files-from lists
 * table.c    a report's table as aligned text, TSV or Markdown
 * folded.c   the folded format: data lines, stream kinds; --base names
 *            (bases); "# fg-TOOL key=value" header lines (header)
 * sym.c      tests on symbol text; UTF-8, one character at a time
 * mix.h      a 64-bit hash finaliser (stab.c and the benchmarks)
 *
 * The summing machinery is sum.h, the statistics stats.h, the colours
 * color.h: each a library of its own folder beside this one.
 */
#ifndef FG_H
#define FG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/*
 * base: what every fg header needs: the version, exit status, printf
 * format checking.
 */
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

/*
 * err: program name, warnings and fatal errors with file:line, the
 * warnings about an input's lines (err.c).
 */
extern const char *fg_progname;
extern int fg_status;		/* becomes FG_EXIT_DATA after a data warning */
void fg_setprogname(const char *argv0);
void fg_warnx(const char *fmt, ...) FG_PRINTF(1, 2);
void fg_warn(const char *fmt, ...) FG_PRINTF(1, 2);	/* appends strerror(errno) */
/*
 * exit(code), the end of every fatal error. Fuzzing only: when
 * fg_fatal_hook is set it is called first and must not return (a fuzz
 * target longjmps back to run its next input).
 */
extern void (*fg_fatal_hook)(int code);
_Noreturn void fg_exit(int code);
_Noreturn void fg_errx(int code, const char *fmt, ...) FG_PRINTF(2, 3);
_Noreturn void fg_err(int code, const char *fmt, ...) FG_PRINTF(2, 3);
/* The last component of a path, as basename(3) without modifying it. */
const char *fg_basename(const char *path);
/* -q, --quiet: no warnings about malformed lines (the status still says). */
extern int fg_quiet;
/*
 * Warns about in's current line: "prog: file:line: msg". Caps repeats
 * (in's struct fg_in counts them).
 */
struct fg_in;
void fg_in_warn(struct fg_in *in, const char *fmt, ...) FG_PRINTF(2, 3);
/* At the end of an input: summary of suppressed warnings, if any. */
void fg_in_warnsummary(struct fg_in *in);

/*
 * alloc: checked allocation: running out of memory is fatal (alloc.c).
 */
void *fg_malloc(size_t n);
void *fg_calloc(size_t n, size_t sz);
void *fg_realloc(void *p, size_t n);
void *fg_reallocarray(void *p, size_t n, size_t sz);
char *fg_strdup(const char *s);

/*
 * big: large allocations backed by huge pages where the kernel offers
 * them (alloc.c).
 */
/*
 * n bytes (zeroed when zero is set), aligned for huge pages when n is
 * large; released with free(). Exits when out of memory.
 */
void *fg_big_alloc(size_t n, int zero);
/* fg_big_alloc for n elements of sz bytes, checking the product. */
void *fg_big_array(size_t n, size_t sz);
/*
 * fg_big_array for an array written through at once (a sort's items):
 * from 512 KiB on, one whole 2 MiB huge page at least (one page fault, not
 * hundreds).
 */
void *fg_big_whole(size_t n, size_t sz);
/*
 * The next size of a growing block of sz bytes (min when sz is 0):
 * doubled, but from 256 KiB or more straight to 2 MiB, where blocks go on
 * huge pages.
 */
size_t fg_big_next(size_t sz, size_t min);

/*
 * arena: a bump allocator (alloc.c). Memory is given out from chunks
 * that are freed together; a chunk's size grows from min to max (see
 * fg_big_next), and one request larger than that gets a chunk of its own.
 * Chunks of 2 MiB or more sit on huge pages. The chunks can be walked in
 * the order they were made, each holding the requests in the order made.
 */
struct fg_arena_chunk {
	struct fg_arena_chunk *next;	/* the chunk made after this one */
	size_t used;		/* bytes of mem given out; atomic */
	size_t cap;		/* bytes of mem */
	size_t faulted;		/* bytes from the chunk's start faulted in */
	_Alignas(16) char mem[];
};

struct fg_arena {
	struct fg_arena_chunk *first;
	struct fg_arena_chunk *cur;	/* the last chunk made; atomic */
	size_t size;		/* the next chunk's size, header included */
	size_t max;
	size_t align;		/* each request rounded up to it */
};

/* An empty arena: min > 0, align a power of two, at most 16. */
void fg_arena_init(struct fg_arena *a, size_t min, size_t max,
    size_t align);
/* n bytes (rounded up to the arena's align), never NULL. */
void *fg_arena_alloc(struct fg_arena *a, size_t n);
/* Bytes given out from chunk c (safe on any thread). */
size_t fg_arena_used(const struct fg_arena_chunk *c);
/* Frees the first chunk (walking and freeing in turn). */
void fg_arena_pop(struct fg_arena *a);
/* Frees every chunk; the arena is then empty, as fg_arena_init left it. */
void fg_arena_free(struct fg_arena *a);
/*
 * Faults in the pages that the next `ahead` bytes given out will take,
 * when the current chunk is on huge pages. One other thread may call it
 * while the owner allocates (not while it pops or frees).
 */
void fg_arena_fault_ahead(struct fg_arena *a, size_t ahead);

/*
 * in: line input: read(2) into a growing buffer, lines in place (in.c;
 * the warnings about its lines are err's).
 */
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
	int callermem;		/* buf is the caller's memory (fg_in_mem) */
	int quiet;		/* no warnings, no exit status change */
	uint64_t boff;		/* file offset of buf[0] */
	int ranged;		/* reading [roff, rend) with pread(2) */
	uint64_t roff, rend;
	unsigned nfill;		/* reads so far (a range's first is short) */
	int slurp;		/* reading a whole file: no line limit */
	uint64_t crat, crend;	/* the next CR (in.c's nextcr) */
	struct fg_gz *gz;	/* decompressing gzip input (inflate) */
};
/* Opens path ("-" is stdin); on failure prints a message and exits. */
void fg_in_open(struct fg_in *in, const char *path);
/* Opens path; returns -1 (errno set) instead of exiting. */
int fg_in_tryopen(struct fg_in *in, const char *path);
void fg_in_close(struct fg_in *in);
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
/*
 * An input over len bytes of memory the caller owns: never written nor
 * freed, and its lines are not NUL-terminated.
 */
void fg_in_mem(struct fg_in *in, const char *name, const char *buf,
    size_t len);
/*
 * Returns the next line in place, without its end ('\n', "\r\n" or a
 * '\r' alone: the three are line ends), NUL-terminated in the buffer
 * unless the input is the caller's memory; *len is its length. NULL at end of input. The line stays valid until the
 * next call (the caller's memory: as long as the caller keeps it). Read
 * errors are fatal.
 */
char *fg_in_line(struct fg_in *in, size_t *len);
/*
 * For readers of bytes rather than lines (fg-collapse's inraw.c): reads
 * more into the buffer (end of input sets eof), and, when input ends
 * outside fg_in_fill, the gzip thread's verdict (fatal on an error).
 */
void fg_in_fill(struct fg_in *in);
void fg_in_gzend(struct fg_in *in);

/*
 * gzstream: gzip input decompressed as it is read, from a file
 * descriptor into a pipe, on a thread of its own (in.c, decoding
 * with inflate.c): what the input layer, in.c, uses for every tool.
 */
/*
 * Streaming decompression of the gzip data on fd, of which the first
 * npre bytes were already read into pre (copied). Returns the read end of
 * a pipe that a new thread fills with the decompressed bytes; *gz is its
 * handle for fg_gz_end(). fd is closed at the end when ownfd is set.
 */
struct fg_gz;
int fg_gz_start(struct fg_gz **gz, int fd, int ownfd, const void *pre,
    size_t npre);

/*
 * Waits for the thread (after the pipe's EOF, or after the reader has
 * closed its end) and frees gz. Returns NULL, or a static error message
 * with *off set to the compressed offset near the error.
 */
const char *fg_gz_end(struct fg_gz *gz, uint64_t *off);

/*
 * inflate: DEFLATE (RFC 1951) and gzip (RFC 1951/1952) decompression,
 * whole buffer in and out, or streaming through the caller's hooks
 * (inflate.c, which does no I/O; gzstream streams a file through it).
 * Corrupt or truncated input gives an error message, never a read outside
 * the input.
 */
/*
 * Output of the decoder. Without a sink it grows and the whole of it is
 * the window; with one, all but the last 32 KiB are written out whenever
 * the buffer fills. The other fields are the decoder's.
 */
struct fg_zbuf {
	unsigned char *p;
	size_t len, cap;
	struct fg_zsink *sink;
	size_t mark;		/* p[mark..len) not yet in crc and msize */
	uint32_t crc;		/* of the current gzip member's output */
	uint64_t msize;
	uint64_t flushed;	/* bytes written to the sink */
	uint64_t max;		/* total output allowed; 0: no limit */
};

/* True when the buffer starts with the gzip magic (1f 8b). */
int fg_is_gzip(const void *p, size_t n);

/*
 * Inflates one raw DEFLATE stream from in[0..n), appending to out.
 * *used is set to the number of input bytes the stream took (the final
 * partial byte counts). Returns NULL, or a static error message.
 */
const char *fg_inflate(const unsigned char *in, size_t n, size_t *used,
    struct fg_zbuf *out);

/*
 * Decompresses gzip data (one or more members, each CRC32 and ISIZE
 * checked; trailing zero bytes are allowed) into a malloc'd buffer
 * (*out, *outlen, NUL-terminated). Returns NULL, or a static error
 * message, with *off set to the input offset near the error.
 */
const char *fg_gunzip(const unsigned char *in, size_t n, unsigned char **out,
    size_t *outlen, size_t *off);

/*
 * A streaming decode's input: the decoder's buffer (buf, cap bytes; its
 * first nin bytes the input read before the decode starts), which it
 * refills through read(arg, p, n): up to n bytes into p, 0 at the end of
 * the input (or after an error, reported by the hook).
 */
struct fg_zsrc {
	size_t (*read)(void *arg, unsigned char *p, size_t n);
	void *arg;
	unsigned char *buf;
	size_t cap;
	int eof;
	uint64_t nin;		/* bytes read so far */
};
/*
 * A streaming decode's output: write(arg, p, n) takes all n bytes and
 * returns 0, or -1 when the reader has gone (it wants no more: the decode
 * stops, without an error). Output may pass 64 MiB only up to ratio times
 * src's bytes read (0: no limit).
 */
struct fg_zsink {
	int (*write)(void *arg, const unsigned char *p, size_t n);
	void *arg;
	int gone;
	unsigned ratio;
	const struct fg_zsrc *src;
};
/*
 * Decompresses the gzip data of src into sink, all but the last 32 KiB
 * of the output given to it whenever the decoder's buffer fills. Returns
 * NULL, or a static error message with *off set to the compressed offset
 * near the error.
 */
const char *fg_gunzip_stream(struct fg_zsrc *src, struct fg_zsink *sink,
    uint64_t *off);

/*
 * The limit on decompressed size against bombs: output may exceed 64 MiB
 * only up to FG_GZIP_MAX_RATIO (environment; default 100, 0 for no
 * limit) times the compressed bytes read.
 */
unsigned fg_gz_ratio(void);

/* CRC-32 (ISO-HDLC, as gzip uses it) of p[0..n) continuing from crc. */
uint32_t fg_crc32(uint32_t crc, const void *p, size_t n);

/*
 * out: checked, buffered output (a full disk is fatal; a closed pipe ends quietly) (out.c).
 */
/* Buffered standard output; every write checked, errors fatal. */
void fg_out_init(void);
void fg_out_write(const void *p, size_t n);
void fg_out_str(const char *s);
/* Each string of a NULL-terminated array, in turn (fg_out_str). */
void fg_out_strs(const char *const *v);
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

/*
 * count: fixed-point counts: exact integers to 2^63-1, 9 decimals. One
 * header for the three files of the module, one job each: count.c
 * reads counts and numeric option values, count.c computes with counts,
 * count.c writes them.
 */
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
/* count.c: reading. */
/*
 * Parses a count: digits, optionally '.' and more digits ("20." and ".5"
 * are accepted as flamegraph.pl and inferno accept them). Fractional
 * digits past the ninth are dropped.
 */
enum fg_numerr fg_count_parse(const char *s, size_t n, fg_count *c);
const char *fg_numerr_str(enum fg_numerr e);
/* Parses an option value as a non-negative decimal factor; exits on error. */
long double fg_parse_factor(const char *s, const char *what);
/* strtonum-like: a whole number in [min, max], or exit with a message. */
long long fg_parse_int(const char *s, long long min, long long max,
    const char *what);

/* count.c: arithmetic. */
/* a += b; returns -1 on overflow (a unchanged). */
int fg_count_add(fg_count *a, fg_count b);
/* The one message for a sum over 2^63-1 ("file:line: ..."); exits 2. */
_Noreturn void fg_sum_overflow(const char *name, uint64_t lineno);
int fg_count_cmp(fg_count a, fg_count b);
int fg_count_iszero(fg_count c);
double fg_count_dbl(fg_count c);
/* Nearest count to a non-negative finite double; -1 if out of range. */
int fg_count_from_dbl(long double d, fg_count *c);
/* c * factor (factor >= 0), rounded to 1e-9; -1 on overflow. */
int fg_count_scale(fg_count *c, long double factor);

/* count.c: writing. */
/* Formats into buf (at least 32 bytes); returns the length. */
size_t fg_count_fmt(char *buf, fg_count c);
/* Writes c through out.c. */
void fg_out_count(fg_count c);

/*
 * keysort: bytewise order of folded-stack keys, and sorting arrays of
 * them (stab.c).
 */
/* A key to sort: w and tail are the sort's scratch, p the caller's. */
struct fg_sortitem {
	uint64_t w;
	const char *key;
	void *p;
	uint32_t len;
	uint32_t tail;
};
/* Sorts it[0..n) bytewise by key on the calling thread. */
void fg_sort_items(struct fg_sortitem *it, size_t n);
/* fg_sort_items of one part of an array, as a pthread start routine. */
struct fg_sortjob {
	struct fg_sortitem *it;
	size_t n;
};
void *fg_sort_job(void *job);
/*
 * fg_sort_items for large arrays: two halves on two threads, then merged;
 * the result is the same either way.
 */
void fg_sort_items_par(struct fg_sortitem *it, size_t n);
/* An array of keys, for the tools' own use. */
struct fg_keyref {
	const char *key;
	size_t len;
	void *p;
};
int fg_keycmp(const char *a, size_t alen, const char *b, size_t blen);
/* Length of the common prefix of a[0..n) and b[0..n). */
size_t fg_commonlen(const char *a, const char *b, size_t n);

/*
 * stab: the stack table: arena + open-addressing hash (stab.c); the
 * pivot for sorting it on two threads is pivot, the key sort keysort.
 */
struct fg_ent {
	struct fg_ent *next;	/* insertion order list */
	const char *key;	/* NUL-terminated unless borrowed */
	uint32_t len;		/* key length */
	uint32_t aux;		/* free for the tool's use */
	fg_count c[];		/* ncols counts (then the key, if owned) */
};
struct fg_stab;
struct fg_stab *fg_stab_new(int ncols);
void fg_stab_free(struct fg_stab *t);
size_t fg_stab_count(const struct fg_stab *t);
/* Finds or inserts key; new entries have zero counts. */
struct fg_ent *fg_stab_get(struct fg_stab *t, const char *key, size_t len);
/*
 * As fg_stab_get, but a new entry borrows key instead of copying it: the
 * caller keeps that memory alive and unchanged while the table is used.
 */
struct fg_ent *fg_stab_get_ref(struct fg_stab *t, const char *key,
    size_t len);
/* fg_stab_get with the key's fg_hash() already known. */
struct fg_ent *fg_stab_get_hashed(struct fg_stab *t, const char *key,
    size_t len, uint64_t h);
/*
 * Asks for the memory fg_stab_get_hashed(h) will touch: the hash slot, or
 * with entry set the entry that slot holds (when its hash is h).
 */
void fg_stab_prefetch(const struct fg_stab *t, uint64_t h, int entry);
/*
 * Faults in the arena memory that the next `ahead` bytes of entries will
 * take; safe to call from one other thread while a thread adds.
 */
void fg_stab_fault_ahead(struct fg_stab *t, size_t ahead);
struct fg_ent *fg_stab_find(struct fg_stab *t, const char *key, size_t len);
static inline const char *
fg_ent_key(const struct fg_stab *t, const struct fg_ent *e)
{
	(void)t;
	return e->key;
}
/* First entry in insertion order (follow ->next). */
struct fg_ent *fg_stab_first(const struct fg_stab *t);
/*
 * A malloc'd, NULL-terminated array of all entries sorted bytewise by key
 * (LC_ALL=C sort), on two threads when large.
 */
struct fg_ent **fg_stab_sorted(struct fg_stab *t);
/* Up to k entries, spread evenly over the hash (a random sample). */
size_t fg_stab_sample(const struct fg_stab *t, struct fg_ent **out, size_t k);
/*
 * Sets a prefix, before the first key: a key that starts with it is kept
 * without it, and its entry's key and len are then those of the rest, aux
 * the prefix's length (aux is 0 for the others, and not free for the
 * tool's use). Only for copied keys (not fg_stab_get_ref), and meant for
 * fg_stab_split's users: fg_stab_sorted and the others see the kept
 * bytes. Memory then follows what the keys do not all share.
 */
void fg_stab_set_prefix(struct fg_stab *t, const char *p, size_t n);
/* The prefix (NULL, *len 0 when none). */
const char *fg_stab_prefix(const struct fg_stab *t, size_t *len);
/*
 * Frees the hash slots: the table cannot be searched afterwards, and its
 * entries are still there for fg_stab_split (the memory of its sort items
 * can then take the slots' place).
 */
void fg_stab_unindex(struct fg_stab *t);
/*
 * Fills it[0..count) with every entry (p the entry): those with keys below
 * pk at the front (their number returned), the others at the back; with
 * pk NULL, all at the front. The table cannot be searched afterwards. An
 * item's key is its entry's (without the prefix, if any; pk is whole), and
 * its tail its class: 1 for keys kept without the prefix (and every key
 * of a table without one), 0 for the others below the prefix, 2 above it
 * (sorting each class apart and writing classes 0, 1, 2 in turn, class 1
 * after the prefix, gives bytewise order).
 */
size_t fg_stab_split(struct fg_stab *t, const char *pk, size_t pl,
    struct fg_sortitem *it);
uint64_t fg_hash(const void *p, size_t n);

/*
 * pivot: the key that splits the sort of stack tables' keys between two
 * threads (stab.c).
 */
/* The most entries fg_pivot samples. */
#define FG_PIVOT_MAX 1024
/*
 * Of k entries (at most FG_PIVOT_MAX) sampled from the tables a and b (b
 * may be NULL), in proportion to their sizes, the one whose whole key
 * (with its table's prefix, see fg_stab_set_prefix) is at fraction at of
 * them in bytewise order; NULL when fewer than two were sampled. The keys
 * below it and those above can then be sorted apart, on two threads.
 */
struct fg_ent *fg_pivot(const struct fg_stab *a, const struct fg_stab *b,
    size_t k, double at);

/*
 * sym: tests on symbol text that fg-collapse's decoders and the palettes
 * (palette.c: fg-color, fg-svg) share. fg-collapse's own text helpers are
 * in cmd/fg-collapse/text.h.
 */
/* White space as isspace(3) in the C locale, whatever the locale. */
static inline int
fg_isws(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' ||
	    c == '\v';
}

/* A hexadecimal digit. */
static inline int
fg_ishex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
	    (c >= 'A' && c <= 'F');
}

/*
 * Whether s (n bytes) starts with, ends with, contains the string pat.
 * fg_hasprefix is inline: for a literal pat the compiler knows its length
 * (no call, no strlen on the perf parser's hot path).
 */
static inline int
fg_hasprefix(const char *s, size_t n, const char *pat)
{
	size_t m = strlen(pat);

	return n >= m && memcmp(s, pat, m) == 0;
}
int fg_hassuffix(const char *s, size_t n, const char *pat);
int fg_contains(const char *s, size_t n, const char *pat);
/* First occurrence of needle (nn bytes) in hay (hn bytes), or NULL. */
const char *fg_memmem(const char *hay, size_t hn, const char *needle,
    size_t nn);

/*
 * opt: option parsing (short clusters, --long[=value], permuted) (opt.c).
 */
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
	int ndone;		/* operands before the first "--" */
};
/*
 * Sets the program name, prepares output, and registers the tool's usage
 * line and help text: fg_getopt then handles -h/--help and --version
 * itself (unless the tool's table has them) and exits on a usage error.
 */
void fg_tool_init(const char *argv0, const char *usage, const char *help);
void fg_opt_init(struct fg_optstate *st, int argc, char **argv);
/* The operands, or a single "-" when there are none. */
char **fg_opt_files(struct fg_optstate *st, int *n);
/*
 * --files-from: the n operands ops with the paths listed in file list
 * (one a line, empty lines skipped; "-" is standard input) after them.
 * Returns a new array, its length in *n; the strings from index *n on
 * entry are the caller's to free.
 */
char **fg_opt_files_from(const char *list, char **ops, int *n);
/*
 * Returns the next option's shrt value, or -1 when argv is exhausted (the
 * operands are then in st->ops). Options and operands may be mixed; "--"
 * ends options and "-" is an operand. Unknown options or missing arguments
 * print a message and return '?'.
 */
int fg_getopt(struct fg_optstate *st, const struct fg_opt *opts);

/*
 * habit: the options of flamegraph.pl, the stackcollapse scripts and
 * inferno that a tool's own table lacks (opt.c).
 */
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

/*
 * usage: what a tool prints about itself and exits: the usage line, the
 * --help text, the version (opt.c).
 */
/* The end of every tool's --help text. */
#define FG_HELP_TAIL \
    "  -q, --quiet            no warnings about malformed lines (the exit\n" \
    "                         status still says)\n" \
    "  -h, --help             print this help and exit\n" \
    "      --version          print the version and exit\n" \
    "\n" \
    "Exit status: 0 success, 1 malformed lines were skipped, 2 error.\n"
/* The same for the tools with a gate (fg-top, fg-trend). */
#define FG_HELP_GATE_TAIL \
    "  -q, --quiet            no warnings about malformed lines (the exit\n" \
    "                         status still says)\n" \
    "  -h, --help             print this help and exit\n" \
    "      --version          print the version and exit\n" \
    "\n" \
    "Exit status: 0 success, 1 malformed lines were skipped or (with\n" \
    "--fail-above) the gate failed, 2 error, 3 (with --fail-above) the gate\n" \
    "passed but malformed lines were skipped.\n"

/* Prints "usage: ..." to stderr and exits FG_EXIT_ERR. */
_Noreturn void fg_usage(const char *usage);
/* Prints help text to stdout (checked) and exits 0. */
_Noreturn void fg_help(const char *text);
_Noreturn void fg_version(void);

/*
 * bases: --base names (inferno-flamegraph's --base, repeatable) and the
 * cutting of a stack at the deepest frame named one of them (folded.c).
 */
/*
 * A stream given them (fg_fold's bases) keeps only stacks with a frame of
 * one of these names, cut to start at the deepest such frame.
 */
struct fg_bases {
	const char **names;
	size_t n;
};
/* Adds a name to b (the name is not copied). */
void fg_bases_add(struct fg_bases *b, const char *name);
void fg_bases_free(struct fg_bases *b);
/*
 * The offset in stack s (len bytes) of its deepest frame named one of
 * names[0..n) (also when annotated: f_[k] is named f), or -1 if none is.
 */
long fg_frame_deepest(const char *s, size_t len, const char *const *names,
    size_t n);
/*
 * Cuts the stack *s (*len bytes) to start at the deepest frame named one
 * of b's names and returns 1, or returns 0 when no frame is; with no names
 * (b NULL or empty) keeps the stack whole and returns 1.
 */
int fg_bases_cut(const struct fg_bases *b, const char **s, size_t *len);

/*
 * folded: the folded format: data lines, header lines, stream kinds (folded.c).
 */
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
 * Returns 0, or an error string for a malformed line. The blank before the
 * (first) count separates it from the stack; other blanks before that one
 * are the stack's (a frame "[unknown] " stays itself), as flamegraph.pl
 * reads them (inferno trims them). Blanks between and after the counts
 * are separators. The line is not modified: r->stack points into it and
 * is NOT NUL-terminated.
 */
const char *fg_parse_rec(const char *line, size_t len, enum fg_kind kind,
    struct fg_rec *r);
/* True for lines to skip: empty, blank, and '#' comment/header lines. */
int fg_is_meta(const char *line, size_t len);
/*
 * A folded line (folded.c): the stack, then its ncols counts, each after
 * a blank. Every tool writes its data lines so, and the stack so that the
 * line never reads as metadata (fg_out_stack).
 */
void fg_out_rec(const char *key, size_t len, const fg_count *c, int ncols);
/*
 * Stack s (n bytes) as a data line writes it: when it would start like a
 * comment ('#' after blanks, then a blank or nothing), the byte after the
 * '#' is written as '_' (inserted at the end); a carriage return (a line
 * end) as a blank. fg_stack_metapos returns the offset of the byte after
 * such a '#' (n: at the end), or -1; fg_stack_odd whether s is written
 * otherwise than as it is; fg_stack_fix writes into out (n + 1 bytes)
 * what fg_out_stack writes, and returns its length.
 */
long fg_stack_metapos(const char *s, size_t n);
int fg_stack_odd(const char *s, size_t n);
size_t fg_stack_fix(const char *s, size_t n, char *out);
/*
 * Whether stack s (n bytes) ends in a blank and a number ("main;worker 3"),
 * so that its profile line would read as a differential one where no
 * header says the kind.
 */
int fg_stack_numtail(const char *s, size_t n);
void fg_out_stack(const char *s, size_t n);

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
	/* If set (after fg_fold_open), called with every metadata line. */
	void (*onmeta)(void *arg, const char *line, size_t len);
	void *metaarg;
	/* If set (after fg_fold_open): the --base names (folded.c), or NULL. */
	const struct fg_bases *bases;
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
/* Next valid record; malformed lines are warned about and skipped. */
int fg_fold_next(struct fg_fold *f, struct fg_rec *r);
void fg_fold_close(struct fg_fold *f);

/*
 * header: "# fg-TOOL key=value ..." header lines, read (folded.c)
 * and written (folded.c).
 */
/* Value of key in a "# fg-TOOL k=v ..." header (percent-decoded), or NULL. */
char *fg_header_get(const char *header, const char *key);
/* Writes "# fg-TOOL" then " key=value" pairs (NULL-terminated list). */
void fg_out_header(const char *tool, ...);

/* ---- UTF-8 (sym.c) ---- */
/*
 * Length in bytes of the next character at s (n > 0 bytes left); *cp gets
 * its code point, or 0xFFFD if invalid or not allowed in XML.
 */
size_t fg_utf8_next(const unsigned char *s, size_t n, uint32_t *cp);
/*
 * Number of characters of s[0..n) as fg-svg's XML text counts them
 * (fg_utf8_next's, ASCII one byte each).
 */
size_t fg_utf8_len(const char *s, size_t n);
/*
 * Code point c (at most 0x10FFFF) as UTF-8 into u[0..4), as is (fg-collapse's
 * JSON \u escapes and XML &#N;); its length in bytes.
 */
size_t fg_utf8_put(char *u, uint32_t c);

/*
 * ---- table.c: a report's table ----
 * The three forms the report tools print (fg-top, fg-trend): aligned
 * text, TSV with a header row, GitHub Markdown. Names are escaped per
 * form so that no input byte can break a row or reach a terminal raw.
 */
enum fg_fmt { FG_FMT_TEXT, FG_FMT_TSV, FG_FMT_MD };

#define FG_TBL_MAXCOL 16
#define FG_TBL_UNITMAX 32		/* the longest unit a title names */
#define FG_TBL_HEADLEN (16 + FG_TBL_UNITMAX)
struct fg_tbl {
	int ncol;
	const char *head[FG_TBL_MAXCOL];	/* column titles */
	const char *tsvhead[FG_TBL_MAXCOL];	/* titles in --tsv */
	int left[FG_TBL_MAXCOL];		/* left-aligned column */
	int nohead;			/* rows only (TSV continued) */
	char hbuf[FG_TBL_MAXCOL][2][FG_TBL_HEADLEN];	/* titles with a unit */
	char **cell;			/* nrow * ncol strings, malloc'd */
	size_t nrow, cap;
};

void fg_tbl_init(struct fg_tbl *t, int ncol);
/*
 * Column i's titles, text and TSV (static strings); a count column names
 * the unit of the counts when it is known (not NULL): "BEFORE (ns)" and
 * "before_ns".
 */
void fg_tbl_head(struct fg_tbl *t, int i, const char *head, const char *tsvhead,
    const char *unit);
/* Adds a row; cells are copied. The name column holds raw bytes (len). */
void fg_tbl_row(struct fg_tbl *t, const char *const *cells);
/* Copies a raw name into a cell escaped for the format. */
char *fg_tbl_name(const char *s, size_t len, enum fg_fmt f);
void fg_tbl_print(const struct fg_tbl *t, enum fg_fmt f);
void fg_tbl_free(struct fg_tbl *t);

#endif
