"""Duels held by the service (contract §9): the records (:mod:`.record`), the stores that keep
them (:mod:`.store`: SQLite by default, :mod:`.sqlite`; Redis on request, :mod:`.redisstore`),
the judging of each step (:mod:`.judge`) and the endpoints (:mod:`.views`). docs/duels.md
describes them for those who run the service and those who integrate it."""
