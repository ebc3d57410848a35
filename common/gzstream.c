/* SPDX-License-Identifier: ISC */
/*
 * gzstream.c: gzip input decompressed as it is read: a thread of its own
 * reads the compressed bytes from a file descriptor, decodes them
 * (inflate.c's fg_gunzip_stream) and writes the output into a pipe, whose
 * read end the input layer (in.c) reads as it would the file.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fg.h"
#include "gzstream.h"
#include "inflate.h"

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
