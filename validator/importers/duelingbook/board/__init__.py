"""The board as Duelingbook shows it: every card object followed through every play (``follow``,
``tracker``), the board a reading sees (``view``) and Duelingbook's zones (``zones``)."""
