# tests/lib/forge.py: forge a bundle as someone who knows its format
# would: change its files, then write a manifest that matches them (every
# size and SHA-256), so that only making its files again can tell.
# SPDX-License-Identifier: MIT
#
# usage: python3 forge.py IN.zip OUT.zip OP...
#   put NAME FILE        add NAME, or replace it, with FILE's bytes
#   del PREFIX           remove every file whose name starts with PREFIX
#   role NAME ROLE       list NAME under another role in the manifest
#   head KEY VALUE       set a field of the manifest (version: a number)
#   prepend FILE         put FILE's bytes before the zip
# The files are packed again with Python's zipfile, in name order.
import hashlib
import json
import sys
import zipfile

TYPES = {'.pdf': 'application/pdf', '.json': 'application/json',
         '.csv': 'text/csv; charset=utf-8', '.html': 'text/html',
         '.zip': 'application/zip',
         '.xlsx': 'application/vnd.openxmlformats-officedocument.'
                  'spreadsheetml.sheet'}


def main():
    src, dst, ops = sys.argv[1], sys.argv[2], sys.argv[3:]
    with zipfile.ZipFile(src) as z:
        files = {n: z.read(n) for n in z.namelist() if not n.endswith('/')}
    man = json.loads(files.pop('manifest.json'))
    listed = {f['name']: f for f in man['files']}
    before = b''
    i = 0
    while i < len(ops):
        op = ops[i]
        if op == 'put':
            name = ops[i + 1]
            with open(ops[i + 2], 'rb') as f:
                files[name] = f.read()
            if name not in listed:
                ext = name[name.rfind('.'):]
                listed[name] = {'name': name, 'type':
                                TYPES.get(ext, 'application/octet-stream'),
                                'role': 'document'}
            i += 3
        elif op == 'del':
            for n in [n for n in files if n.startswith(ops[i + 1])]:
                del files[n]
                listed.pop(n, None)
            i += 2
        elif op == 'role':
            listed[ops[i + 1]]['role'] = ops[i + 2]
            i += 3
        elif op == 'head':
            v = ops[i + 2]
            man[ops[i + 1]] = int(v) if ops[i + 1] == 'version' else v
            i += 3
        elif op == 'prepend':
            with open(ops[i + 1], 'rb') as f:
                before = f.read()
            i += 2
        else:
            sys.exit('forge: unknown operation ' + op)
    man['files'] = []
    for n in sorted(files):
        f = listed[n]
        f['size'] = len(files[n])
        f['sha256'] = hashlib.sha256(files[n]).hexdigest()
        man['files'].append(f)
    files['manifest.json'] = (json.dumps(man, indent=2, ensure_ascii=False) +
                              '\n').encode()
    with open(dst, 'wb') as out:
        out.write(before)
        with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:
            for n in sorted(files):
                z.writestr(n, files[n])


main()
