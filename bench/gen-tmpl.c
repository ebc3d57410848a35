/* SPDX-License-Identifier: ISC */
/*
 * gen-tmpl: a deterministic folded profile of a C++ program whose frames
 * carry long template names, 300 to 700 characters.
 * usage: gen-tmpl NSTACKS SEED [after]
 *
 * A pool of 4,000 demangled names is built from a small grammar of
 * standard, Boost and application templates nested inside each other
 * (std::_Function_handler<void (boost::asio::...), std::_Bind<...>>::
 * _M_invoke(std::_Any_data const&)) until each reaches a length drawn
 * between 300 and 700; stacks are 8 to 24 frames, two in three of them
 * such names, the rest short (main, event loops, memcpy), and part along
 * a path decided by a hash as in gen-service.c. NSTACKS unique stacks in
 * generation order. With "after", 4% of the stacks vanish, 4% end in a
 * new frame, a third of the counts grow by half.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen-rand.h"

#define NPOOL	4000
#define MAXLEN	800

static const char *const leafty[] = { "int", "unsigned long", "char",
	"double", "bool", "std::string", "std::chrono::nanoseconds",
	"app::RequestId", "app::Span", "boost::system::error_code",
	"std::shared_ptr<app::Session>", "std::size_t", "app::Buffer const&" };
static const char *const tmpl[] = { "std::vector", "std::map",
	"std::unordered_map", "std::shared_ptr", "std::unique_ptr",
	"std::function", "std::pair", "std::tuple", "std::optional",
	"boost::asio::detail::binder2", "boost::asio::detail::write_op",
	"boost::asio::executor_binder", "std::_Bind", "app::Future",
	"app::detail::Continuation", "absl::InlinedVector",
	"std::basic_string_view", "google::protobuf::RepeatedPtrField",
	"app::rpc::ServerStream", "std::__detail::_Hash_node" };
static const char *const fns[] = { "_M_invoke(std::_Any_data const&)",
	"operator()()", "operator()(boost::system::error_code const&, "
	"unsigned long)", "do_complete(void*, boost::asio::detail::"
	"scheduler_operation*, boost::system::error_code const&, "
	"unsigned long)", "_M_emplace_hint_unique(std::piecewise_construct_t "
	"const&)", "then(app::Executor&)", "invoke()", "run_one()",
	"dispatch(app::Message&&)", "~Continuation()" };
static const char *const shortn[] = { "main", "app::Server::run",
	"boost::asio::io_context::run", "boost::asio::detail::scheduler::run",
	"start_thread", "clone3", "memcpy", "malloc", "operator new(unsigned "
	"long)", "app::Codec::decode", "epoll_wait", "pthread_mutex_lock" };
#define N(a) (sizeof(a) / sizeof((a)[0]))

static char pool[NPOOL][MAXLEN];

/* type: appends one type expression to b at *len, nesting until it is at
 * least want long (or the buffer is nearly full) */
static void
type(char *b, size_t *len, size_t want, int depth)
{
	uint64_t r = rnd();
	int args, i;

	if (depth > 6 || *len + 120 > MAXLEN - 100 ||
	    (*len >= want && depth > 0)) {
		*len += (size_t)snprintf(b + *len, MAXLEN - *len, "%s",
		    leafty[r % N(leafty)]);
		return;
	}
	*len += (size_t)snprintf(b + *len, MAXLEN - *len, "%s<",
	    tmpl[(r >> 8) % N(tmpl)]);
	args = 1 + (int)((r >> 16) % 3);
	for (i = 0; i < args; i++) {
		if (i > 0)
			*len += (size_t)snprintf(b + *len, MAXLEN - *len,
			    ", ");
		type(b, len, want, depth + 1);
	}
	*len += (size_t)snprintf(b + *len, MAXLEN - *len, ">");
}

static void
mkpool(void)
{
	const char *f;
	size_t i, len, want;

	for (i = 0; i < NPOOL; i++) {
		want = 300 + rnd() % 401;
		f = fns[rnd() % N(fns)];
		do {	/* until the whole name is 300 to 700 long */
			len = 0;
			type(pool[i], &len, want - strlen(f) - 10, 0);
		} while (len + 2 + strlen(f) < 300 ||
		    len + 2 + strlen(f) > 700);
		snprintf(pool[i] + len, MAXLEN - len, "::%s", f);
	}
}

int
main(int argc, char *argv[])
{
	uint64_t path[32], h, t, r, cnt;
	long n, j;
	int after, d, depth, k;

	if (gen_args(argc, argv, "gen-tmpl NSTACKS SEED [after]", &n, &after) < 0)
		return 2;
	mkpool();
	if (set_init(n) < 0)
		return 2;
	for (j = 0; j < n;) {
		r = rnd();
		depth = 8 + (int)(r % 17);
		h = fg_mix64(1 + (r >> 40) % 8);
		for (d = 0; d < depth; d++) {
			r = rnd();
			k = (r & 0xff) < 150 ? 0 :
			    1 + (int)((r >> 8 & 0xff) * (r >> 16 & 0xff) >> 13);
			h = fg_mix64(h * 31 + (uint64_t)k + 1);
			/* the first three frames and one in three after
			 * are short names (1 + index), the others long
			 * (N(shortn) + 1 + index) */
			if (d < 3)
				path[d] = 1 + (uint64_t)d + (uint64_t)(depth & 1) * 3;
			else if (h % 3 == 0)
				path[d] = 1 + (h >> 8) % N(shortn);
			else
				path[d] = N(shortn) + 1 + (h >> 16) % NPOOL;
		}
		/* the stack's text, as a hash of the names it prints */
		for (t = 7, d = 0; d < depth; d++)
			t = fg_mix64(t * 31 + path[d]);
		r = rnd();
		cnt = 1 + (r >> 20) % 50 * ((r >> 40) % 11 == 0 ? 17 : 1);
		if (!addpath(t))
			continue;
		j++;
		if (after && r % 100 < 4)
			continue;
		for (d = 0; d < depth; d++)
			printf("%s%s", d > 0 ? ";" : "", path[d] <= N(shortn) ?
			    shortn[path[d] - 1] : pool[path[d] - N(shortn) - 1]);
		if (after && r % 100 < 8)
			fputs(";app::Tracer::record(app::Span&&)", stdout);
		if (after && r % 3 == 0)
			cnt = cnt * 3 / 2;
		printf(" %llu\n", (unsigned long long)cnt);
	}
	return ferror(stdout) != 0 || fflush(stdout) != 0;
}
