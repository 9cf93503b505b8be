#!/usr/bin/env python3
# Functions (func, init, subscript) longer than N lines under Sources/, longest first:
#   python3 Tools/function_lengths.py 80
# A brace count, not a parser: braces inside string literals and after // are skipped.
import re,sys,os
decl=re.compile(r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|static|override|mutating|nonisolated|final|convenience|required|@discardableResult)\s+)*(?:func\s+[^\s(<]+|init\??|deinit|subscript)\b')
out=[]
for root,_,files in os.walk('Sources'):
    for f in files:
        if not f.endswith('.swift'): continue
        p=os.path.join(root,f); lines=open(p).read().split('\n')
        i=0
        while i<len(lines):
            if decl.match(lines[i]):
                depth=0; started=False; j=i
                while j<len(lines):
                    code=re.sub(r'"(?:[^"\\]|\\.)*"','""',lines[j].split('//')[0])
                    depth+=code.count('{')-code.count('}')
                    if '{' in code: started=True
                    if started and depth<=0: break
                    j+=1
                n=j-i+1
                if n>int(sys.argv[1]): out.append((n,p,i+1,lines[i].strip()[:70]))
            i+=1
for o in sorted(out,reverse=True): print(*o)
