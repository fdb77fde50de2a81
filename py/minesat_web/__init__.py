"""The browser layer of minesat: editing state (editor) and the page (app)."""
