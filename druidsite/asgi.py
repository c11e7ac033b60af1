"""ASGI entry point: HTTP through Django, WebSockets through Channels."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "druidsite.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from druidsite import embedded  # noqa: E402
from druidsite.autobahn_debug import defer_autobahn_debug_formatting  # noqa: E402
from druidsite.heap import settle_heap  # noqa: E402
from druidsite.limits import BodyLimit  # noqa: E402
from druidsite.routing import websocket_urlpatterns  # noqa: E402
from druidsite.socket_threads import SocketThreads  # noqa: E402
from druidsite.ws_auth import browser_origin_validator, socket_auth_stack  # noqa: E402

defer_autobahn_debug_formatting()

application = ProtocolTypeRouter(
    {
        # A body without a declared length is capped too (druidsite.limits).
        "http": BodyLimit(django_asgi_app),
        # Sockets' database work on a bounded pool of threads (druidsite.socket_threads).
        "websocket": SocketThreads(browser_origin_validator(
            socket_auth_stack(URLRouter(websocket_urlpatterns))
        )),
    }
)

# Without Redis the web process also runs the task worker and beat.
embedded.start()

# With services: the recent games' last changes are sent to their sockets again, in
# case this process replaces one killed before it told them (games.realtime.tasks).
from games.realtime.tasks import rebroadcast_when_a_web_process_starts  # noqa: E402

rebroadcast_when_a_web_process_starts()

# Loaded: the startup's heap is frozen out of the collector's walks (druidsite.heap).
settle_heap()
