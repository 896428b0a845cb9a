"""The message catalogs (package data, read by :mod:`indigo_tui.i18n`):
``indigo.pot``, the template, and per language ``<lang>/LC_MESSAGES/indigo.po``
with its compiled ``indigo.mo``. A package only so that installing ships them."""
