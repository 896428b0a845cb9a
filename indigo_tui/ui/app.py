"""The Textual app: screens for the title, setup, the table, saves and the end."""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Final, Protocol, runtime_checkable

from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from ..i18n import N_, _, language_name, language_names, pgettext, use_language
from ..i18n.words import os_problem
from ..saves import SavedGame, SaveError, default_save_dir, shown_path
from ..table.session import NewGame, Session
from .board_art import GLYPH_CHOICES
from .board_art.detect import ENV_VAR, choose, detect, known_here, requested
from .board_pixels import PixelSupport, probe
from .command_palette import LocalPaletteApp
from .localise import translate_all, translate_bindings
from .palette import PALETTES, use_chosen_palette, use_palette
from .requests import ChooseLanguage, JoinAgain, ResumeGame, SavesMoved, StartGame, ToTitle
from .screens.game import GameScreen
from .table_settings import TableSettings

if TYPE_CHECKING:
    from .screens.title import TitleScreen
    from .screens.unsaved import Leaving


#: The table's actions in the palette: title, what it does, the screen's method and its argument.
GAME_COMMANDS: Final = (
    (N_("Place tile"), N_("Place the held tile at the cursor"), "action_place", None),
    (N_("Rotate tile"), N_("Turn the held tile clockwise"), "action_rotate", 1),
    (N_("Rotate tile back"), N_("Turn the held tile anticlockwise"), "action_rotate", -1),
    (N_("Other tile"), N_("Choose the other tile in hand (tactical)"), "action_next_tile", None),
    (N_("Hint"), N_("The search bot suggests a placement for you"), "action_hint", None),
    (N_("Undo"), N_("Take back the last move (against bots: your last move)"), "action_undo", None),
    (N_("Redo"), N_("Play an undone move again"), "action_redo", None),
    (N_("Save as"), N_("Save this game under a name"), "action_save_as", None),
    (
        N_("Save elsewhere"),
        N_("Save this game in another folder, and there after every move"),
        "action_save_elsewhere",
        None,
    ),
    (N_("Slower bots"), N_("Bots wait longer between moves"), "action_pace", 1),
    (N_("Faster bots"), N_("Bots wait less between moves"), "action_pace", -1),
    (N_("Gem animation on/off"), N_("Animate gems along their routes"), "action_toggle_animation", None),
    (
        N_("Turn notice"),
        N_("No notice, the bell or a flash when it is your turn again after a wait (remembered)"),
        "action_turn_notice",
        None,
    ),
    (
        N_("Zoom in/out"),
        N_("Switch between the whole board and a view around the cursor"),
        "action_zoom",
        None,
    ),
    (N_("Trace route"), N_("Highlight the next route through the cursor cell"), "action_trace", None),
    (
        N_("Coordinates on/off"),
        N_("Show every cell's coordinates (q,r) on the board"),
        "action_coordinates",
        None,
    ),
    (N_("Result"), N_("The round's result again, with its review (after the round)"), "action_result", None),
    (N_("Game help"), N_("Keys, mouse and how to read the board"), "action_help", None),
    (N_("Leave to title screen"), N_("The game stays saved"), "action_leave", None),
)


@runtime_checkable
class Relocalisable(Protocol):
    """A screen that puts its own words in a new language (else it is composed again)."""

    async def relocalise(self) -> None: ...


def palette_name(name: str) -> str:
    """A palette's name for people."""
    if name == "okabe-ito":
        # translators: the colour-blind palette, named after the two scientists who made its colours
        return _("colour-blind safe (Okabe-Ito)")
    # translators: the board's usual colours, as a choice beside the colour-blind ones
    return pgettext("palette", "default")


async def _relocalise(screen: Screen[Any]) -> None:
    """Put a mounted screen's words in the language now spoken."""
    if isinstance(screen, Relocalisable):
        await screen.relocalise()
        return
    # Composed again, its widgets are new ones and none has the focus: the
    # one that had it (by its id) takes it back, so that a key such as Enter
    # on the round's result still does what the focused button says.
    focused = screen.focused
    wanted = focused.id if focused is not None and focused.id else None
    await screen.recompose()
    if wanted is not None:
        again = screen.query(f"#{wanted}")
        if again:
            again.first().focus()


def _title_screen_type() -> type[TitleScreen]:
    # Imported when needed: `indigo play` goes straight to the table.
    from .screens.title import TitleScreen

    return TitleScreen


class IndigoApp(LocalPaletteApp):
    """Indigo at one terminal. Start it on the title screen, a new game or a save."""

    CSS_PATH = "indigo.tcss"
    TITLE = "Indigo"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "quit", N_("Quit"), show=False)]

    def __init__(
        self,
        *,
        new_game: NewGame | None = None,
        saved: SavedGame | None = None,
        save_dir: Path | None = None,
        animate: bool = True,
        bot_delay: float = 0.5,
        board_glyphs: str | None = None,
        run_engines: bool = False,
        palette: str | None = None,
        learn: int | None = None,
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.save_dir = save_dir if save_dir is not None else default_save_dir()
        #: The folder the app started with (a game saved elsewhere is said on the way out).
        self._first_save_dir = self.save_dir
        #: ``--board-glyphs`` (strongest), else $INDIGO_BOARD_GLYPHS, else the saved setting.
        self._glyphs_cli = board_glyphs
        self.board_glyphs_choice = "auto"  # what was asked for (auto, quadrant, ...)
        self.board_glyphs = "quadrant"  # what draws the board: a text encoder or "pixels"
        self.text_glyphs = "quadrant"  # the best text encoder here (the hand, in pixel mode)
        #: Real pixels, when the terminal showed it speaks kitty graphics or sixel at start-up.
        self.pixel_support: PixelSupport | None = None
        self._glyphs_notice: str | None = None
        self._resolve_glyphs()
        use_chosen_palette(palette)
        from .motion import TILE_SECONDS
        from .settings import load_settings

        # --no-animation turns it off for this run; the m key's choice is remembered.
        remembered = load_settings()[0]
        self.gem_animation = animate and remembered.gem_animation
        self.tile_seconds = TILE_SECONDS
        self.turn_notice = remembered.turn_notice
        self.bot_delay = bot_delay
        self._start_new = new_game
        self._start_saved = saved
        #: ``indigo learn``: the step of the guided first game to open on.
        self._start_learning = learn
        #: The save given at start may start its engine seats' programs (``--run-engines``).
        self._run_engines = run_engines
        self.session: Session | None = None

    def _resolve_glyphs(self) -> None:
        import os

        from .settings import load_settings

        notice = None
        saved = None
        if not (self._glyphs_cli or os.environ.get(ENV_VAR)):
            # The saved choice counts only when neither the command line nor the environment chose.
            settings, notice = load_settings()
            saved = settings.board_glyphs
        asked = requested(self._glyphs_cli, os.environ, saved)
        # Asked now, before the app runs: afterwards Textual reads the terminal's answers.
        self.pixel_support = probe(asked, os.environ)
        self.text_glyphs = detect(os.environ)
        unknown = asked in GLYPH_CHOICES and not known_here(asked, os.environ, self._pixel_protocol())
        if unknown and asked == saved and asked != "pixels":
            # Remembered from a terminal that draws them (the settings are shared by every
            # terminal, tmux's too): here the glyphs this one is known to draw.
            self.board_glyphs_choice = "auto"
            self.board_glyphs, _unused = choose("auto", os.environ, pixels=self._pixel_protocol())
            notice = notice or _(
                "Board glyphs: {glyphs} were chosen in another terminal; this one is not known to draw "
                "them, so the board uses {used} (--board-glyphs {glyphs} asks for them here)."
            ).format(glyphs=asked, used=self.board_glyphs)
            self._glyphs_notice = notice
            return
        self.board_glyphs_choice = asked
        self.board_glyphs, choose_notice = choose(asked, os.environ, pixels=self._pixel_protocol())
        if unknown and choose_notice is None:
            # Asked for by name on the command line or in $INDIGO_BOARD_GLYPHS: shown, and said.
            choose_notice = self._unknown_glyphs_notice(asked)
        self._glyphs_notice = notice or choose_notice

    @staticmethod
    def _unknown_glyphs_notice(glyphs: str) -> str:
        return _(
            "This terminal is not known to draw {glyphs} glyphs: if the board shows empty boxes or "
            "smudges, press g for glyphs it draws."
        ).format(glyphs=glyphs)

    def glyphs_known_here(self, choice: str) -> bool:
        """Whether this terminal is known to draw the board glyphs ``choice``."""
        import os

        return known_here(choice, os.environ, self._pixel_protocol())

    def _pixel_protocol(self) -> str | None:
        return self.pixel_support.protocol if self.pixel_support is not None else None

    def set_board_glyphs(self, choice: str) -> str:
        """Draw the board with other glyphs from now on, and remember the choice; says what happened."""
        import os

        from .settings import update_settings

        self.board_glyphs_choice = choice
        self.board_glyphs, notice = choose(choice, os.environ, pixels=self._pixel_protocol())
        shown = f"{choice} ({self.board_glyphs})" if choice == "auto" else self.board_glyphs
        if notice is None and not self.glyphs_known_here(choice):
            # Asked for by name (the palette): shown now, but not kept for the next start,
            # which might be in a terminal that draws boxes for them.
            failed = None
            self.notify(self._unknown_glyphs_notice(choice), severity="warning")
            done = _("Board glyphs: {glyphs} (not remembered).").format(glyphs=shown)
        else:
            failed = update_settings(board_glyphs=choice)  # the language stays as chosen
            done = _("Board glyphs: {glyphs}.").format(glyphs=shown)
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.apply_glyphs()
        return " ".join(part for part in (notice, failed, done) if part)

    def remember_motion(self) -> str | None:
        """Keep the gem animation and the turn notice for the next run; a notice if that failed."""
        from .settings import update_settings

        return update_settings(gem_animation=self.gem_animation, turn_notice=self.turn_notice)

    def set_palette(self, name: str) -> None:
        """Colour the board with palette ``name`` from now on, on every screen, and remember it."""
        from .settings import update_settings

        use_palette(name)
        failed = update_settings(palette=name)  # the glyphs and the language stay as chosen
        for screen in self.screen_stack:
            # As a change of theme does: every widget draws again in the new colours.
            for widget in screen.walk_children(with_self=True):
                widget.notify_style_update()
                widget.refresh()
        self.notify(failed or _("Colours: {name}.").format(name=palette_name(name)))

    def choose_language(self, code: str) -> None:
        """:meth:`set_language` from a place that cannot wait for it (the palette, a screen's request)."""
        self.run_worker(self.set_language(code), exclusive=True, group="language")

    async def set_language(self, code: str) -> None:
        """Speak ``code`` from now on, on every screen at once, and remember it."""
        use_language(code)
        failed = remember_language(code)
        translate_all([self, *self.screen_stack])
        for screen in list(self.screen_stack):
            if screen.is_mounted:
                await _relocalise(screen)
            else:
                # Still being pushed: its own compose is mounting its widgets, and
                # composing it again now would mount them twice (DuplicateIds).
                # Its messages wait until it is mounted; then it takes the words.
                screen.call_later(_relocalise, screen)
        self.notify(failed or _("Language: {name}.").format(name=language_name(code)))

    def next_board_glyphs(self) -> str:
        """The choice after the current one, in the order of ``--board-glyphs``."""
        # Only what this terminal is known to draw: pixels where it was found to show
        # them when the app started, sextants and octants where it draws them itself.
        choices = [c for c in GLYPH_CHOICES if self.glyphs_known_here(c)]
        current = self.board_glyphs_choice if self.board_glyphs_choice in choices else "auto"
        return choices[(choices.index(current) + 1) % len(choices)]

    def on_mount(self) -> None:
        if self._glyphs_notice:
            self.notify(self._glyphs_notice, severity="warning")
        if self._start_learning is not None:
            self.learn(self._start_learning)
        elif self._start_new is not None:
            self.start_game(self._start_new)
        elif self._start_saved is not None:
            if not self.resume(self._start_saved):
                self.push_screen(_title_screen_type()(self.save_dir))
        else:
            self.push_screen(_title_screen_type()(self.save_dir))

    # -- going places ----------------------------------------------------------------

    def _show_game(self, session: Session) -> None:
        self._close_session()
        self.session = session
        # Drop setup/load screens, keep the title (if any) underneath the table.
        title = _title_screen_type()
        while len(self.screen_stack) > 1 and not isinstance(self.screen, title):
            self.pop_screen()
        self.push_screen(GameScreen(session))

    def start_game(self, new: NewGame) -> None:
        # Not saved until a tile lies on the board: a game left at move 1
        # would only become a "Continue" entry with nothing to continue.
        self._show_game(Session.start(new, self.save_dir))

    def learn(self, step: int) -> None:
        """The guided first game, at ``step`` (over the title, which it leaves to)."""
        from .screens.learn import LearnScreen

        self.push_screen(LearnScreen(step))

    def resume(self, saved: SavedGame) -> bool:
        """Play the saved game on; whether it could be (not if another window plays it)."""
        programs = self._run_engines and saved is self._start_saved
        try:
            session = Session.resume(saved, self.save_dir, programs=programs)
        except SaveError as exc:
            # Open in another window (a browser tab, a terminal): it is not
            # played here too, where each would overwrite the other's moves.
            self.notify(str(exc), title=_("Can't load"), severity="error")
            return False
        self._show_game(session)
        return True

    def _close_session(self) -> None:
        """Put the game at the table away (it is saved): another window may play it now."""
        if self.session is not None:
            self.session.close()

    def on_start_game(self, request: StartGame) -> None:
        if not self.ask_before_leaving("new", lambda: self.start_game(request.new)):
            self.start_game(request.new)

    def on_resume_game(self, request: ResumeGame) -> None:
        self.resume(request.saved)

    def to_title(self) -> None:
        """Leave the table for the title screen (the game is already saved)."""
        self._close_session()
        title = _title_screen_type()
        if any(isinstance(s, title) for s in self.screen_stack):
            while not isinstance(self.screen, title):
                self.pop_screen()
        else:
            self.switch_screen(title(self.save_dir))

    def on_to_title(self, request: ToTitle) -> None:
        if not self.ask_before_leaving("title", lambda: self._go_to_title(request)):
            self._go_to_title(request)

    def _go_to_title(self, request: ToTitle) -> None:
        self.to_title()
        if request.notice is not None:
            from .screens.notice import NoticeScreen

            # Said over the title screen, where the player now looks, until read.
            self.push_screen(NoticeScreen(request.notice))

    # -- a game that cannot be saved ------------------------------------------------

    def _unsaved_table(self) -> GameScreen | None:
        """The table whose game would be lost if left now (its save fails)."""
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen) and screen.session.unsaved:
                return screen
        return None

    def ask_before_leaving(self, leaving: Leaving, go: Callable[[], object]) -> bool:
        """If leaving now would lose a game that cannot be saved, ask first
        (save elsewhere, leave anyway, or back to the game) and ``go`` on an
        answer that leaves; whether it asked (else the caller goes on)."""
        from .screens.unsaved import UnsavedScreen

        table = self._unsaved_table()
        if table is None:
            return False
        if any(isinstance(screen, UnsavedScreen) for screen in self.screen_stack):
            return True  # asked already (q pressed twice): the question stands

        def answered(answer: str | None) -> None:
            if answer is not None:
                go()

        self.push_screen(UnsavedScreen(table.session, leaving), answered)
        return True

    async def action_quit(self) -> None:
        if not self.ask_before_leaving("quit", self._quit_now):
            self._quit_now()

    def _quit_now(self) -> None:
        session = self.session
        path = session.save_path if session is not None and not session.unsaved else None
        # The session's folder, not the app's: that follows by a message still on its way.
        if path is not None and session is not None and session.save_dir != self._first_save_dir:
            # Saved elsewhere: where it is, and how to take it up there, said after the screen goes.
            self.exit(message=resume_elsewhere_words(path))
            return
        self.exit()

    def action_help_quit(self) -> None:
        # Ctrl+C: a game that would be lost is asked about, as q asks; else which key quits.
        if not self.ask_before_leaving("quit", self._quit_now):
            super().action_help_quit()

    def on_saves_moved(self, request: SavesMoved) -> None:
        """The game is saved in another folder from now on: so is what the title lists."""
        self.save_dir = request.folder
        for screen in self.screen_stack:
            if isinstance(screen, _title_screen_type()):
                screen.save_dir = request.folder

    def on_choose_language(self, request: ChooseLanguage) -> None:
        self.choose_language(request.code)

    def on_join_again(self, request: JoinAgain) -> None:
        from .screens.join import JoinScreen

        # In place of the stopped table: the form takes the seat again and leads
        # on to the waiting room and the table, as the first time.
        form = JoinScreen(
            request.address,
            request.code,
            request.name,
            auto=True,
            rejoin=True,
            save_dir=request.save_dir,
            relay=request.relay,
        )
        self.switch_screen(form)

    # -- the command palette ----------------------------------------------------------

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        if isinstance(screen, GameScreen):
            for title, help_text, method, argument in GAME_COMMANDS:
                action = getattr(screen, method)
                callback = action if argument is None else partial(action, argument)
                yield SystemCommand(_(title), _(help_text), callback)
            for choice in GLYPH_CHOICES:
                if choice == "pixels":
                    continue
                yield SystemCommand(
                    _("Board glyphs: {glyphs}").format(glyphs=choice),
                    _("Draw the board with these characters (remembered)")
                    if self.glyphs_known_here(choice)
                    else _("This terminal is not known to draw these (shown, not remembered)"),
                    partial(screen.action_glyphs, choice),
                )
        for choice in PALETTES:
            yield SystemCommand(
                _("Colours: {name}").format(name=palette_name(choice)),
                _("Colour the board with this palette (remembered)"),
                partial(self.set_palette, choice),
            )
        for code, name in language_names().items():
            yield SystemCommand(
                _("Language: {name}").format(name=name),
                _("Show the game in this language (remembered)"),
                partial(self.choose_language, code),
            )
        yield from super().get_system_commands(screen)

    def local_command(self, command: SystemCommand) -> SystemCommand:
        if command.title == "Screenshot":
            # Textual's own saves to ~/Downloads and fails, without a path, where there is none.
            return SystemCommand(
                _("Screenshot"),
                _("Save an SVG picture of the screen (in Downloads, else the save folder)"),
                lambda: self.set_timer(0.1, self.take_screenshot),
            )
        return super().local_command(command)

    def screenshot_folder(self) -> Path:
        """Where a screenshot goes: the downloads folder if there is one, else
        the save folder (made if need be), else the current folder."""
        import os

        from platformdirs import user_downloads_path

        for folder in (user_downloads_path(), self.save_dir):
            if folder.is_dir() and os.access(folder, os.W_OK):
                return folder
        try:
            self.save_dir.mkdir(parents=True, exist_ok=True)
        except OSError:
            return Path.cwd()
        return self.save_dir

    def take_screenshot(self) -> None:
        """Save the screen as SVG and say where (or why not)."""
        if self.is_web:
            # In a browser tab (indigo serve) the picture goes to that browser,
            # not into a folder of the machine that serves (the downloads of
            # whoever runs the server), which the person at the tab never sees.
            self.deliver_screenshot()
            self.notify(_("Screenshot sent to your browser."))
            return
        try:
            saved = self.save_screenshot(path=str(self.screenshot_folder()))
        except OSError as exc:
            self.notify(_("Screenshot not saved: {reason}").format(reason=os_problem(exc)), severity="error")
            return
        self.notify(_("Screenshot saved to {path}").format(path=shown_path(saved)), markup=False)


def resume_elsewhere_words(path: Path) -> str:
    """Where a game saved elsewhere is, and the command that takes it up there."""
    return _("The game is saved in {path}. To play on: indigo --save-dir {folder}").format(
        path=shown_path(path), folder=shlex.quote(str(path.parent))
    )


def remember_language(code: str) -> str | None:
    """Keep ``code`` in the settings for the next run; a notice if that failed."""
    from .settings import update_settings

    return update_settings(language=code)


if TYPE_CHECKING:
    # The table knows the app only by these settings (it may not import the app,
    # which imports it): mypy holds the app to them here.
    _TABLE_SETTINGS: type[TableSettings] = IndigoApp
