# SPDX-License-Identifier: ISC
# Keeps what fg-collapse reads of a Gecko-format profile, to stay small:
# meta, the parent process with its threads emptied, and the child process
# whose thread ran work.html (with samples, stackTable, frameTable and
# stringTable; markers and other payloads dropped).
import json, sys
p = json.load(open(sys.argv[1]))
keep = ('name', 'processName', 'processType', 'pid', 'tid', 'samples',
        'stackTable', 'frameTable', 'stringTable')
def slim(t):
    return {k: t[k] for k in keep if k in t}
kids = [c for c in p.get('processes', [])
        if any('work.html' in s for t in c['threads'] for s in t['stringTable'])]
out = {'meta': {'version': p['meta']['version'], 'interval': p['meta']['interval'],
                'startTime': p['meta']['startTime'], 'processType': 0},
       'threads': [],
       'processes': [{'meta': {'version': c['meta']['version'], 'processType': c['meta']['processType']},
                      'threads': [slim(t) for t in c['threads']], 'processes': []}
                     for c in kids]}
json.dump(out, sys.stdout, separators=(',', ':'))
sys.stdout.write('\n')
