"""The engine as the page talks to it: requests and their ops (`protocol.Engine`), answers encoded and
decoded by one codec (`codec`)."""
