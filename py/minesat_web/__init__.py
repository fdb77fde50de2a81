"""The browser layer of minesat: the page's state (app) and its panels, each a module with its own handlers."""
