"""The civtable web server: games in the browser with friends and bots.

``create_app(db)`` builds the FastAPI application (JSON API, WebSocket pushes, web pages);
``civtable serve`` runs it. See ``docs/server.md``.
"""

from .app import create_app

__all__ = ["create_app"]
