# SPDX-License-Identifier: ISC
"""Runs a Hadoop Streaming job's scripts, unchanged, as tasks on a Dask
LocalCluster (worker processes), keeping Streaming's contract as the
fleet/hadoop-dask* cases need it (contrib/hadoop/README.md lists it):

  - the input, a text file, is cut into splits of N whole lines
    (NLineInputFormat, mapreduce.input.lineinputformat.linespermap); each
    line reaches the mapper as "OFFSET<TAB>LINE", OFFSET its byte offset
    in the file (NLineInputFormat is not TextInputFormat, so Streaming
    passes the key);
  - each task runs in a working directory of its own holding the -file
    files, the script started there as ./NAME;
  - a map output line is split into key and value at its first TAB
    (stream.map.output.field.separator, stream.num.map.output.key.fields
    1); a line without a TAB is all key, with an empty value;
  - the partition of a key is HashPartitioner's: Java's hashCode of the
    key's bytes (Text: h = 31 h + byte, from 1, as signed bytes, 32 bits)
    & 0x7fffffff, modulo the number of reduces;
  - each map's output is sorted by key within each partition (bytewise,
    as Text compares) and, with -combiner, passed through the combiner
    per partition; each reduce gets all of its partition, sorted by key;
  - a script exiting non-zero fails its task (stream.non.zero.exit.is.
    failure); a failed task is tried again, up to -attempts times in all
    (mapreduce.map.maxattempts, default 4 in Hadoop, 2 here); when one
    task fails every attempt the job fails, with no output;
  - reduce r writes OUTPUT/part-0000r; OUTPUT/_SUCCESS marks a job that
    succeeded.

usage: dask-streaming.py -input LIST -output DIR -mapper NAME -reducer NAME
       [-combiner NAME] [-file PATH ...] [-reduces N] [-linespermap N]
       [-attempts N] [-workers N]
Prints one line per failed attempt (task, attempt, status, the script's
standard error) on standard error. Exit status: 0 when the job
succeeded, 1 when it failed, 2 on a usage error or when Dask is missing.
"""
import os
import shutil
import subprocess
import sys
import tempfile


def usage(msg):
    sys.stderr.write("dask-streaming.py: %s\n" % msg)
    sys.exit(2)


def parse(argv):
    opt = {"file": [], "reduces": 2, "linespermap": 1, "attempts": 2,
           "workers": 2, "combiner": None}
    i = 0
    while i < len(argv):
        name = argv[i].lstrip("-")
        if i + 1 >= len(argv):
            usage("%s needs a value" % argv[i])
        val = argv[i + 1]
        if name == "file":
            opt["file"].append(os.path.abspath(val))
        elif name in ("reduces", "linespermap", "attempts", "workers"):
            if not val.isdigit() or int(val) < 1:
                usage("%s: not a positive number: %s" % (argv[i], val))
            opt[name] = int(val)
        elif name in ("input", "output", "mapper", "reducer", "combiner"):
            opt[name] = val
        else:
            usage("unknown option %s" % argv[i])
        i += 2
    for k in ("input", "output", "mapper", "reducer"):
        if k not in opt:
            usage("-%s is required" % k)
    return opt


def run_script(files, script, data):
    """Runs ./SCRIPT in a fresh working directory holding FILES, DATA on
    its standard input; returns (status, stdout, stderr)."""
    cwd = tempfile.mkdtemp(prefix="task.")
    try:
        for f in files:
            os.symlink(f, os.path.join(cwd, os.path.basename(f)))
        p = subprocess.run(["sh", "./" + script], cwd=cwd, input=data,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        return p.returncode, p.stdout, p.stderr
    finally:
        shutil.rmtree(cwd, ignore_errors=True)


def java_hash(key):
    h = 1
    for b in key:
        if b > 127:
            b -= 256
        h = (31 * h + b) & 0xffffffff
    return h


def split_kv(line):
    k, sep, v = line.partition(b"\t")
    return k, v


def sort_lines(lines):
    # by key, bytewise (Text's order); stable, so equal keys keep their
    # order of arrival
    return sorted(lines, key=lambda l: split_kv(l)[0])


def map_task(files, mapper, combiner, reduces, split):
    st, out, err = run_script(files, mapper, split)
    if st != 0:
        return st, err, None
    parts = [[] for _ in range(reduces)]
    for line in out.splitlines():
        k, v = split_kv(line)
        parts[(java_hash(k) & 0x7fffffff) % reduces].append(k + b"\t" + v)
    result = []
    for p in parts:
        p = sort_lines(p)
        if combiner and p:
            cst, cout, cerr = run_script(files, combiner,
                                         b"".join(l + b"\n" for l in p))
            if cst != 0:
                return cst, b"combiner: " + cerr, None
            p = sort_lines(cout.splitlines())
        result.append(p)
    return 0, err, result


def reduce_task(files, reducer, lines):
    data = b"".join(l + b"\n" for l in sort_lines(lines))
    return run_script(files, reducer, data)


def run_stage(client, name, fn, args_list, attempts):
    """Runs fn(*args) for each args as Dask tasks, each tried up to
    ATTEMPTS times; returns the results, or None when a task failed every
    attempt."""
    results = [None] * len(args_list)
    todo = list(range(len(args_list)))
    for attempt in range(1, attempts + 1):
        futs = {i: client.submit(fn, *args_list[i], pure=False)
                for i in todo}
        failed = []
        for i, f in futs.items():
            r = f.result()
            if r[0] != 0:
                sys.stderr.write("%s task %d attempt %d: exit %d: %s\n" % (
                    name, i, attempt, r[0],
                    r[1].decode(errors="replace").strip()
                    .replace("\n", " | ")))
                failed.append(i)
            else:
                results[i] = r
        todo = failed
        if not todo:
            return results
    return None


def main():
    opt = parse(sys.argv[1:])
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        sys.stderr.write("dask-streaming.py: python3-distributed missing\n")
        sys.exit(2)
    with open(opt["input"], "rb") as f:
        data = f.read()
    splits, cur, off, n = [], b"", 0, 0
    for line in data.splitlines(keepends=True):
        cur += b"%d\t" % off + line.rstrip(b"\n") + b"\n"
        off += len(line)
        n += 1
        if n == opt["linespermap"]:
            splits.append(cur)
            cur, n = b"", 0
    if cur:
        splits.append(cur)
    out = opt["output"]
    if os.path.exists(out):
        usage("%s exists" % out)
    local = tempfile.mkdtemp(prefix="dask.")
    # The job's verdict is printed after the cluster is down: on a busy
    # machine Dask's nanny can time out killing a worker at shutdown and
    # log it; that says nothing of the job, so only critical logs show.
    failed = None
    with LocalCluster(n_workers=opt["workers"], threads_per_worker=1,
                      processes=True, scheduler_port=0,
                      dashboard_address=None, local_directory=local,
                      silence_logs=50) as cluster, Client(cluster) as client:
        files = opt["file"]
        maps = run_stage(client, "map", map_task,
                         [(files, opt["mapper"], opt["combiner"],
                           opt["reduces"], s) for s in splits],
                         opt["attempts"])
        if maps is None:
            failed = "map"
        else:
            reds = run_stage(client, "reduce", reduce_task,
                             [(files, opt["reducer"],
                               [l for m in maps for l in m[2][r]])
                              for r in range(opt["reduces"])],
                             opt["attempts"])
            if reds is None:
                failed = "reduce"
    if failed:
        shutil.rmtree(local, ignore_errors=True)
        sys.stderr.write("dask-streaming.py: job failed (%s)\n" % failed)
        return 1
    shutil.rmtree(local, ignore_errors=True)
    os.makedirs(out)
    for r, res in enumerate(reds):
        with open(os.path.join(out, "part-%05d" % r), "wb") as f:
            f.write(res[1])
    open(os.path.join(out, "_SUCCESS"), "wb").close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
