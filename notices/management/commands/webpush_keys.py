"""Print a new VAPID key pair for web push, as the environment takes it."""

from __future__ import annotations

import base64

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.management.base import BaseCommand


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def new_pair() -> tuple[str, str]:
    """(public, private): the public key as browsers take it (the uncompressed P-256
    point), the private key as its 32 raw bytes, both base64url."""
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(serialization.Encoding.X962,
                                           serialization.PublicFormat.UncompressedPoint)
    private = key.private_numbers().private_value.to_bytes(32, "big")
    return b64url(public), b64url(private)


class Command(BaseCommand):
    help = "Generate a VAPID key pair for web push (WEBPUSH_VAPID_PUBLIC_KEY/PRIVATE_KEY)."

    def handle(self, *args, **options) -> None:
        public, private = new_pair()
        self.stdout.write(f"WEBPUSH_VAPID_PUBLIC_KEY={public}\n")
        self.stdout.write(f"WEBPUSH_VAPID_PRIVATE_KEY={private}\n")
        self.stdout.write("WEBPUSH_CONTACT=mailto:admin@example.org\n")
