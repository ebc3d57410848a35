/* SPDX-License-Identifier: ISC */
/*
 * in.c: line input in the manner of mawk's FIN: read(2) into one large
 * buffer, find newlines with memchr, hand lines out in place. A line longer
 * than the buffer grows it; nothing depends on line length or content.
 */
#define _GNU_SOURCE		/* F_SETPIPE_SZ */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fg.h"

#ifndef IN_BUFSZ		/* the fuzz build makes it small (Makefile) */
#define IN_BUFSZ (1u << 20)
#endif
/*
 * A range's first read: the order scan of an unsorted file stops within
 * a few lines, and each 4 KiB of buffer it fills costs a page fault.
 */
#define IN_FIRST ((size_t)64 << 10)
#define IN_BIGFILE ((off_t)8 << 20)
#define IN_MAXLINE ((size_t)64 << 20)	/* default FG_MAX_LINE */

/*
 * gzip input, found by its magic bytes (read with pread from a file, so
 * nothing is consumed; from a pipe they stay in buf), is decompressed on
 * a thread of its own and read from a pipe as if it were the input.
 */
static void
gzhook(struct fg_in *in)
{
	unsigned char m[2];
	struct stat sb;
	const void *pre = NULL;
	size_t npre = 0;
	ssize_t n;

	if (fstat(in->fd, &sb) == 0 && S_ISREG(sb.st_mode)) {
		if (pread(in->fd, m, 2, 0) != 2 || !fg_is_gzip(m, 2))
			return;
	} else {
		while (in->end < 2 && !in->eof) {
			n = read(in->fd, in->buf + in->end, in->cap - 1 -
			    in->end);
			if (n < 0 && errno == EINTR)
				continue;
			if (n < 0)
				fg_err(FG_EXIT_ERR, "%s: read error", in->name);
			in->eof = n == 0;
			in->end += (size_t)n;
		}
		if (!fg_is_gzip(in->buf, in->end))
			return;
		pre = in->buf;
		npre = in->end;
		in->end = 0;
		in->eof = 0;
	}
	in->fd = fg_gz_start(&in->gz, in->fd, in->ownfd, pre, npre);
	in->ownfd = 1;
}

/* The decompressing thread's verdict, once its output has been read. */
void
fg_in_gzend(struct fg_in *in)
{
	const char *err;
	uint64_t off;

	if (in->gz == NULL)
		return;
	err = fg_gz_end(in->gz, &off);
	in->gz = NULL;
	if (err != NULL)
		fg_errx(FG_EXIT_ERR, "%s: gzip: %s (near byte %llu)",
		    in->name, err, (unsigned long long)off);
}

/*
 * A pipe's buffer is 64 KiB: the writer then wakes the reader every 64 KiB
 * and each read(2) returns at most that much. Asking for 1 MiB (the usual
 * unprivileged limit; a refusal changes nothing) takes a third as many
 * reads and wakeups for a large profile through `cat |`.
 */
static void
bigpipe(int fd)
{
#ifdef F_SETPIPE_SZ
	struct stat sb;

	if (fstat(fd, &sb) == 0 && S_ISFIFO(sb.st_mode))
		(void)fcntl(fd, F_SETPIPE_SZ, 1 << 20);
#else
	(void)fd;
#endif
}

/*
 * The read buffer: twice the size, on huge pages, for a pipe or a large
 * file (one page fault instead of 512; reads of 2 MiB).
 */
static void
inbuf(struct fg_in *in)
{
	struct stat sb;

	in->cap = IN_BUFSZ;
	if (fstat(in->fd, &sb) == 0 && (S_ISFIFO(sb.st_mode) ||
	    (S_ISREG(sb.st_mode) && sb.st_size >= IN_BIGFILE)))
		in->cap *= 2;
	in->buf = fg_big_alloc(in->cap, 0);
}

int
fg_in_tryopen(struct fg_in *in, const char *path)
{
	(void)fg_in_maxline();	/* a bad FG_MAX_LINE is an error at once */
	memset(in, 0, sizeof(*in));
	if (strcmp(path, "-") == 0) {
		in->fd = STDIN_FILENO;
		in->name = "<stdin>";
	} else {
		in->fd = open(path, O_RDONLY);
		if (in->fd < 0)
			return -1;
		in->ownfd = 1;
		in->name = path;
	}
	inbuf(in);
	bigpipe(in->fd);
	gzhook(in);
	return 0;
}

void
fg_in_open(struct fg_in *in, const char *path)
{
	if (fg_in_tryopen(in, path) < 0)
		fg_err(FG_EXIT_ERR, "%s", path);
}

void
fg_in_mem(struct fg_in *in, const char *name, const char *buf, size_t len)
{
	memset(in, 0, sizeof(*in));
	in->fd = -1;
	in->name = name;
	in->buf = (char *)(uintptr_t)buf;	/* never written */
	in->cap = in->end = len;
	in->eof = 1;
	in->callermem = 1;
}

void
fg_in_range(struct fg_in *in, const char *name, int fd, uint64_t start,
    uint64_t end)
{
	memset(in, 0, sizeof(*in));
	in->fd = fd;
	in->name = name;
	in->ranged = 1;
	in->roff = in->boff = start;
	in->rend = end;
	in->cap = IN_BUFSZ;
	in->buf = fg_malloc(in->cap);
}

void
fg_in_expect(struct fg_in *in, uint64_t size)
{
	if (in->callermem || in->pos != 0 || in->end != 0 || in->fd < 0)
		return;
	in->ranged = 1;
	in->roff = in->boff = 0;
	in->rend = size;
}

size_t
fg_in_maxline(void)
{
	static size_t max;
	const char *s;
	char *e;
	unsigned long long v;

	if (max != 0)
		return max;
	max = IN_MAXLINE;
	if ((s = getenv("FG_MAX_LINE")) != NULL && *s != '\0') {
		errno = 0;
		v = strtoull(s, &e, 10);
		if (errno != 0 || *e != '\0' || v < 1024 || v > SIZE_MAX / 4)
			fg_errx(FG_EXIT_ERR, "FG_MAX_LINE: %s: not a byte count "
			    "from 1024 up", s);
		max = (size_t)v;
	}
	return max;
}

uint64_t
fg_in_offset(const struct fg_in *in, const char *p)
{
	return in->boff + (uint64_t)(p - in->buf);
}

void
fg_in_close(struct fg_in *in)
{
	fg_in_warnsummary(in);
	if (in->ownfd)
		close(in->fd);
	fg_in_gzend(in);
	if (!in->callermem)
		free(in->buf);
	in->buf = NULL;
}

/* Reads more into buf[end..cap-1), keeping one byte for a NUL. */
void
fg_in_fill(struct fg_in *in)
{
	ssize_t n;

	if (in->callermem) {
		in->eof = 1;
		return;
	}
	if (in->pos > 0) {
		memmove(in->buf, in->buf + in->pos, in->end - in->pos);
		in->end -= in->pos;
		in->boff += in->pos;
		in->pos = 0;
	}
	if (in->cap - in->end < 2 || in->cap - in->end < in->cap / 4) {
		if (!in->slurp && in->end > fg_in_maxline())
			fg_errx(FG_EXIT_ERR, "%s:%llu: line longer than %zu "
			    "bytes (FG_MAX_LINE sets the limit)", in->name,
			    (unsigned long long)in->lineno + 1, fg_in_maxline());
		if (in->cap > SIZE_MAX / 2)
			fg_errx(FG_EXIT_ERR, "%s: line too long", in->name);
		in->cap *= 2;
		in->buf = fg_realloc(in->buf, in->cap);
	}
	for (;;) {
		if (in->ranged) {
			size_t want = in->cap - in->end - 1;

			if (in->nfill == 0 && want > IN_FIRST)
				want = IN_FIRST;
			if (want > in->rend - in->roff)
				want = (size_t)(in->rend - in->roff);
			n = want == 0 ? 0 : pread(in->fd, in->buf + in->end,
			    want, (off_t)in->roff);
			if (n > 0)
				in->roff += (uint64_t)n;
			else if (n == 0 && want > 0)
				fg_errx(FG_EXIT_ERR, "%s: input file shrank "
				    "while being read", in->name);
		} else
			n = read(in->fd, in->buf + in->end,
			    in->cap - in->end - 1);
		if (n >= 0)
			break;
		if (errno != EINTR)
			fg_err(FG_EXIT_ERR, "%s: read error", in->name);
	}
	if (n == 0) {
		in->eof = 1;
		fg_in_gzend(in);
	}
	in->end += (size_t)n;
	in->nfill++;
}

/*
 * The first carriage return at or after buf[from], or NULL when none is
 * in the buffer: each byte is scanned once. in->crat (the CR's file
 * offset plus one; 0 for none) and in->crend (scanned up to there) are
 * file offsets, so that they survive fg_in_fill moving the buffer.
 */
static char *
nextcr(struct fg_in *in, size_t from)
{
	uint64_t a = in->boff + from;
	char *p;
	size_t i;

	if (in->crat > a && in->crat <= in->boff + in->end)
		return in->buf + (in->crat - 1 - in->boff);
	if (in->crend < a)
		in->crend = a;
	i = (size_t)(in->crend - in->boff);
	p = i < in->end ? memchr(in->buf + i, '\r', in->end - i) : NULL;
	if (p == NULL) {
		in->crat = 0;
		in->crend = in->boff + in->end;
		return NULL;
	}
	in->crend = in->boff + (uint64_t)(p - in->buf) + 1;
	in->crat = in->crend;
	return p;
}

/*
 * Where the line at s ends: at nl (the first '\n', or the end of the
 * input) or at a carriage return before it, alone (CR-only line ends) or
 * before nl (CRLF, one line end). NULL when a CR ends the buffer, before
 * more input says which. *skip gets the bytes of the line end (0 to 2).
 */
static char *
lineend(struct fg_in *in, char *s, char *nl, size_t *skip)
{
	char *cr = nextcr(in, (size_t)(s - in->buf)), *e = in->buf + in->end;

	*skip = nl < e;
	if (cr == NULL || cr >= nl)
		return nl;
	if (cr + 1 == e && !in->eof)
		return NULL;
	*skip = cr + 1 < e && cr[1] == '\n' ? 2 : 1;
	return cr;
}

char *
fg_in_line(struct fg_in *in, size_t *len)
{
	char *s, *nl, *le;
	size_t scanned = 0, n, skip;

	if (in->callermem) {
		if (in->pos >= in->end)
			return NULL;
		s = in->buf + in->pos;
		nl = memchr(s, '\n', in->end - in->pos);
		if (nl == NULL)
			nl = in->buf + in->end;
		le = lineend(in, s, nl, &skip);
		n = (size_t)(le - s);
		in->pos += n + skip;
		in->lineno++;
		*len = n;
		return s;
	}
	for (;;) {
		s = in->buf + in->pos;
		nl = memchr(s + scanned, '\n', in->end - in->pos - scanned);
		if (nl == NULL && in->eof) {
			if (in->end == in->pos)
				return NULL;
			nl = in->buf + in->end;	/* last line, no newline */
		}
		if (nl != NULL && (le = lineend(in, s, nl, &skip)) != NULL)
			break;
		if (nl == NULL && (le = nextcr(in, in->pos)) != NULL &&
		    le + 1 < in->buf + in->end) {
			skip = 1;	/* a CR-only line end */
			break;
		}
		scanned = nl != NULL ? (size_t)(nl - s) : in->end - in->pos;
		fg_in_fill(in);
	}
	s = in->buf + in->pos;
	n = (size_t)(le - s);
	in->pos += n + skip;
	s[n] = '\0';	/* fill keeps a spare byte past the end */
	in->lineno++;
	*len = n;
	return s;
}

/*
 * gzstream: gzip input decompressed as it is read: a thread of its own
 * reads the compressed bytes from a file descriptor, decodes them
 * (inflate.c's fg_gunzip_stream) and writes the output into a pipe, whose
 * read end the input layer (in.c) reads as it would the file.
 */
#define ZSRC_CAP (256u << 10)	/* the compressed bytes read at a time */

struct fg_gz {
	pthread_t th;
	struct fg_zsrc src;
	struct fg_zsink sink;
	int fd, outfd;		/* the compressed input, the pipe */
	int ownfd;
	const char *err;
	uint64_t off;
};

/*
 * Up to n bytes of the compressed input; 0 at its end. A read error ends
 * the input (the decoder then reports truncated data) after a message.
 */
static size_t
readfd(void *arg, unsigned char *p, size_t n)
{
	const struct fg_gz *gz = arg;
	ssize_t r;

	for (;;) {
		r = read(gz->fd, p, n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			fg_warn("read error");
		return r > 0 ? (size_t)r : 0;
	}
}

/* All n bytes into the pipe; -1 when its reader has closed it (EPIPE). */
static int
writepipe(void *arg, const unsigned char *p, size_t n)
{
	const struct fg_gz *gz = arg;
	size_t done = 0;
	ssize_t w;

	while (done < n) {
		w = write(gz->outfd, p + done, n - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		done += (size_t)w;
	}
	return 0;
}

static void *
gzthread(void *arg)
{
	struct fg_gz *gz = arg;
	sigset_t set;

	/* a closed pipe gives EPIPE here, not a signal to the process */
	sigemptyset(&set);
	sigaddset(&set, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	gz->err = fg_gunzip_stream(&gz->src, &gz->sink, &gz->off);
	close(gz->outfd);
	if (gz->ownfd)
		close(gz->fd);
	return NULL;
}

int
fg_gz_start(struct fg_gz **gzp, int fd, int ownfd, const void *pre,
    size_t npre)
{
	struct fg_gz *gz;
	int p[2], e;

	if (pipe(p) < 0)
		fg_err(FG_EXIT_ERR, "pipe");
	gz = fg_calloc(1, sizeof(*gz));
	gz->fd = fd;
	gz->ownfd = ownfd;
	gz->src.read = readfd;
	gz->src.arg = gz;
	/* a pipe's first read may hold more (up to in.c's 1 MiB buffer) */
	gz->src.cap = npre > ZSRC_CAP ? npre : ZSRC_CAP;
	gz->src.buf = fg_malloc(gz->src.cap);
	if (npre > 0)		/* a file is detected with pread: nothing kept */
		memcpy(gz->src.buf, pre, npre);
	gz->src.nin = npre;
	gz->outfd = p[1];
	gz->sink.write = writepipe;
	gz->sink.arg = gz;
	gz->sink.src = &gz->src;
	gz->sink.ratio = fg_gz_ratio();
	if ((e = pthread_create(&gz->th, NULL, gzthread, gz)) != 0) {
		/* no room for its stack under ulimit -v: fg_malloc's words */
		if (e == EAGAIN || e == ENOMEM)
			fg_errx(FG_EXIT_ERR, "out of memory (for the gzip "
			    "decompression thread)");
		errno = e;
		fg_err(FG_EXIT_ERR, "pthread_create");
	}
	*gzp = gz;
	return p[0];
}

const char *
fg_gz_end(struct fg_gz *gz, uint64_t *off)
{
	const char *err;

	pthread_join(gz->th, NULL);
	err = gz->err;
	*off = gz->off;
	free(gz->src.buf);
	free(gz);
	return err;
}
