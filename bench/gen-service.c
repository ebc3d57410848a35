/* SPDX-License-Identifier: ISC */
/*
 * gen-service: a deterministic folded profile shaped like a Go service.
 * usage: gen-service NSTACKS SEED [after]
 *
 * Every stack starts with a few frames every request shares (goexit, the
 * connection loop, the mux), then one of a few dozen request handlers,
 * then a call path about 38 frames deep in all that branches at every
 * level: a frame's child is picked by a hash of the path so far and a
 * small skewed choice, so prefixes are shared near the root and paths
 * part gradually. Names come from a pool of 5,000 Go-style functions
 * (`net/http.(*conn).serve`), drawn with a skew so that a few (runtime,
 * encoding/json, syscall) appear everywhere. NSTACKS unique stacks are
 * printed in generation order, which is no particular order. With
 * "after", the same profile changed: 4% of the paths vanish, 4% end in a
 * new leaf, a third of the counts grow by half.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen-rand.h"

#define NPOOL	5000
#define NHAND	36
#define NAMELEN	64

static const char *const pkgs[] = { "runtime", "net/http", "net", "os",
	"syscall", "io", "bufio", "sync", "time", "fmt", "strings", "bytes",
	"sort", "context", "reflect", "strconv", "encoding/json",
	"encoding/binary", "crypto/tls", "crypto/aes", "compress/gzip",
	"database/sql", "internal/poll", "math/big", "regexp", "errors",
	"log", "api", "cart", "auth", "store", "cache", "db", "grpc",
	"proto", "svc", "order", "pay", "user", "mw", "kv", "queue" };
static const char *const types[] = { "conn", "Server", "Reader", "Writer",
	"Client", "Conn", "Request", "Decoder", "Encoder", "DB", "Tx", "Stmt",
	"Rows", "Mutex", "Pool", "Cache", "Store", "Handler", "Service",
	"Buffer", "Cart", "Order", "Session", "Token", "Queue", "Map", "File",
	"Regexp", "Int", "Block", "Timer", "stream", "Codec", "Txn" };
static const char *const meths[] = { "serve", "Read", "Write", "Get",
	"Put", "Do", "Run", "Next", "Scan", "Exec", "Query", "Lock",
	"Unlock", "Close", "Flush", "Decode", "Encode", "Marshal", "Parse",
	"Load", "Store", "Find", "Send", "Recv", "Wait", "Call", "Init",
	"Handle", "Apply", "Check", "Sum", "Total", "Match", "Sign",
	"Verify", "Fetch", "Commit", "Begin", "alloc", "grow", "copy",
	"step", "value", "object", "literal", "fill", "poll", "park" };
#define N(a) (sizeof(a) / sizeof((a)[0]))

static char pool[NPOOL][NAMELEN];

/* pool[i]: the i-th of NPOOL distinct (package, type, method, form)
 * tuples, spread over the space by a multiplier prime to its size */
static void
mkpool(void)
{
	uint64_t space = N(pkgs) * N(types) * N(meths) * 4, v;
	size_t i, p, t, m, f;

	for (i = 0; i < NPOOL; i++) {
		v = (i * 7919 + 13) % space;
		p = v % N(pkgs);
		v /= N(pkgs);
		t = v % N(types);
		v /= N(types);
		m = v % N(meths);
		f = v / N(meths);
		if (f == 0)
			snprintf(pool[i], NAMELEN, "%s.(*%s).%s", pkgs[p],
			    types[t], meths[m]);
		else if (f == 1)
			snprintf(pool[i], NAMELEN, "%s.%s.%s", pkgs[p],
			    types[t], meths[m]);
		else if (f == 2)
			snprintf(pool[i], NAMELEN, "%s.%s%s", pkgs[p],
			    meths[m], types[t]);
		else
			snprintf(pool[i], NAMELEN, "%s.%s.func%d",
			    pkgs[p], meths[m], (int)(t % 3 + 1));
	}
}

/* a pool index drawn with a skew: low indexes are far more frequent */
static size_t
skewed(uint64_t h)
{
	double u = (double)(h >> 11) / 9007199254740992.0;

	return (size_t)(NPOOL * u * u * u);
}

static const char *const shared[] = { "runtime.goexit",
	"net/http.(*conn).serve", "net/http.serverHandler.ServeHTTP",
	"net/http.(*ServeMux).ServeHTTP" };

/* one path: the frame indexes into path[], its depth returned */
static int
mkpath(size_t *path, uint64_t *hash, unsigned *hand)
{
	uint64_t h, r;
	int d, depth, k;

	r = rnd();
	depth = 24 + (int)(r % 21);		/* 24..44 below the handler */
	*hand = (unsigned)(rnd() % NHAND);
	h = fg_mix64(1 + *hand);
	for (d = 0; d < depth; d++) {
		/* child choice at every level: the first child two times in
		 * three, else one of four others, skewed */
		r = rnd();
		k = (r & 0xff) < 170 ? 0 :
		    1 + (int)((r >> 8 & 0xff) * (r >> 16 & 0xff) >> 14);
		h = fg_mix64(h * 31 + (uint64_t)k + 1);
		path[d] = skewed(h);
	}
	*hash = fg_mix64(h ^ (uint64_t)depth);
	return depth;
}

int
main(int argc, char *argv[])
{
	size_t path[64];
	unsigned hand;
	long n, j;
	int after, i, depth;
	uint64_t h, cnt, r;

	if (gen_args(argc, argv, "gen-service NSTACKS SEED [after]", &n, &after) < 0)
		return 2;
	mkpool();
	if (set_init(n) < 0)
		return 2;
	for (j = 0; j < n;) {
		depth = mkpath(path, &h, &hand);
		r = rnd();
		cnt = 1 + (r >> 20) % 97 * ((r >> 40) % 11 == 0 ? 23 : 1);
		if (!addpath(h))
			continue;
		j++;
		if (after && r % 100 < 4)
			continue;
		for (i = 0; i < (int)N(shared); i++)
			printf("%s;", shared[i]);
		printf("api.(*Server).%s%s", meths[hand % N(meths)],
		    types[hand % N(types)]);
		for (i = 0; i < depth; i++)
			printf(";%s", pool[path[i]]);
		if (after && r % 100 < 8)
			fputs(";cache.(*LRU).Get", stdout);
		if (after && r % 3 == 0)
			cnt = cnt * 3 / 2;
		printf(" %llu\n", (unsigned long long)cnt);
	}
	return ferror(stdout) != 0 || fflush(stdout) != 0;
}
