#!/usr/bin/env python3
"""A real SMTP server on loopback for `gazette mail --send` tests (aiosmtpd, from the tools venv).

usage: smtp_server.py CERT KEY USER PASSWORD OUT_DIR [REFUSED_ADDRESS]

STARTTLS with CERT/KEY, required before anything else; AUTH (PLAIN, LOGIN) with USER/PASSWORD,
required before MAIL. RCPT TO REFUSED_ADDRESS is answered 550. Each message received is written
to OUT_DIR as N.eml (the bytes after DATA, as sent, dot-stuffing undone) and N.json (MAIL FROM and
the RCPT TO list). Prints `port N` once listening; runs until killed.
"""
import asyncio
import json
import os
import signal
import ssl
import sys
import threading

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword


def main():
    cert, key, user, password, out = sys.argv[1:6]
    refused = sys.argv[6].lower() if len(sys.argv) > 6 else None
    os.makedirs(out, exist_ok=True)
    counter = {"n": 0}
    lock = threading.Lock()

    class Handler:
        async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
            if refused and address.lower() == refused:
                return "550 5.1.1 No such user here"
            envelope.rcpt_tos.append(address)
            return "250 OK"

        async def handle_DATA(self, server, session, envelope):
            with lock:
                counter["n"] += 1
                n = counter["n"]
            with open(os.path.join(out, f"{n}.eml"), "wb") as f:
                f.write(envelope.original_content)
            with open(os.path.join(out, f"{n}.json"), "w") as f:
                json.dump({"from": envelope.mail_from, "to": envelope.rcpt_tos, "authenticated": bool(session.authenticated)}, f)
            return "250 Message accepted"

    def authenticator(server, session, envelope, mechanism, auth_data):
        if isinstance(auth_data, LoginPassword) and auth_data.login.decode() == user and auth_data.password.decode() == password:
            return AuthResult(success=True, auth_data=auth_data.login)
        return AuthResult(success=False, handled=False)

    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    loop = asyncio.new_event_loop()
    handler = Handler()
    server = loop.run_until_complete(loop.create_server(
        lambda: SMTP(handler, tls_context=context, require_starttls=True, authenticator=authenticator, auth_required=True,
                     auth_require_tls=True, decode_data=False),
        host="127.0.0.1", port=0))
    print(f"port {server.sockets[0].getsockname()[1]}", flush=True)
    loop.add_signal_handler(signal.SIGTERM, loop.stop)
    loop.add_signal_handler(signal.SIGINT, loop.stop)
    loop.run_forever()


if __name__ == "__main__":
    main()
