"""Games: the rules (`game`), boards to play (`generate`, no-guess on request), wrong flags (`flags`),
the best move (`advice`, with `fifty` for unavoidable 50/50s) and move-by-move reviews (`review`)."""
