"""The passage reader on small corpora written for the test (invented names): a slot filled from the sentence that
addresses it, by the kind the question asks; parts answered and cited each; certainty from the evidence's shape."""

import dataclasses

import pytest

from graphrag_bench.answers.answer import Answerer, answer_label
from graphrag_bench.answers.sentences import context_sentences
from graphrag_bench.answers.slots import asked_words, named_in, stem
from graphrag_bench.language.semantics import Semantics
from graphrag_bench.retrieval.retrieve import Fact, Passage, Retrieval

# A lighthouse trust's notes: a decision record with header fields, a maintenance log, two sets of minutes.
NOTES = {
    "LR-4": ("Lamp replacement — Meta", 1, "- Name: Lamp replacement\n- Author(s): Odile Varga\n- Status: Accepted\n"
             "- Supersedes: LR-2\n"),
    "LR-4b": ("Lamp replacement — Decision", 8, "The Harbour Board chose the Fresnel Mark II lens for the north tower. "
              "The new lamp runs at 450 watts and is rated for 12,000 hours.\nThe lens controller runs firmware 3.14.2, "
              "installed by the Optics team."),
    "LOG-1": ("Maintenance log — North tower", 3, "The north tower lamp was replaced on 2025-03-02 by Teodor Blum."),
    "MIN-5": ("Minutes 5 — Keepers", 4, "The keepers recorded that the north tower lamp was replaced on 2025-03-09."),
    # A keeper's incident review: a timeline table (each row an event) and a record with a field no gloss names.
    "IR-7": ("Fog signal outage — Timeline", 12, "| Time | Event |\n|---|---|\n| 2025-06-01 03:10 | The fog signal went silent |\n"
             "| 2025-06-01 03:40 | Keeper Ilse Marr restarted the compressor |\n| 2025-06-01 04:05 | Signal restored |\n"),
    "IR-7b": ("Fog signal outage — Meta", 2, "- Author: Piet Okonjo\n- Supersedes: (name the review it replaces)\n"
              "- Review date: 2025-06-03\n"),
    # A staffing page that says in other words what a question asks ("was taken in PLAN-7" for "which plan made").
    "STAFF": ("Staffing", 3, "Each tower has its own keeper. The decision that every tower gets its own keeper was "
              "taken in PLAN-7."),
    # A radio page: what keeps the logs is said in its overview, the retention periods under their own heading.
    "HR-1": ("Harbour radio logs — Overview", 2, "Quillnet keeps the harbour radio logs for every environment."),
    "HR-1b": ("Harbour radio logs — Retention", 20, "- Production: 90 days\n- Staging: 7 days\n"),
    # A plan saying who will do a job without the asked verb; a feed whose provider is said in a relative clause.
    "WK-2": ("Winter works", 6, "The keepers discussed the winter works at length. "
             "LampOps will repaint every tower lantern before the storms by borrowing scaffolding from the harbour."),
    "FD-1": ("Weather feed", 3, "The tower clocks read the weather feed from the Gullwatch service."),
    # A swap rule that names nobody who updates the rota, and a chat service as the kind of a channel.
    "SK-1": ("Watch swaps", 4, "If you need cover for a night, arrange a swap with another keeper. Let the Night Watch manager "
             "know, so that they can update the rota.\nIf you cannot make your shift because you are ill, message the watch "
             "manager and #tower-technical-on-call Signalbox channel."),
    # A queue named by an identifier that begins with a word of the question.
    "QU-1": ("Lamp ledger", 3, "Lamp ledger writers publish every reading to our main queue, `ledger_readings`."),
    # A backup table whose last cell ends in a bracket.
    "BK-1": ("Lamp log backups", 3, "| Backup | Retention period | Recovery time objective |\n|---|---|---|\n"
             "| Nightly lamp log | 30 days | 2 working days (best effort) |\n"),
    # A link's options, each default on a line of its own under the option's heading, and the protocol page's.
    "LK-2": ("Lamp Link — Options › Flash interval", 20, "**default**: 4 seconds\n"),
    "LK-2b": ("Lamp Link — Options › Link timeout", 28, "**default 90s**\n\nSpecifies how long the lamp waits before "
              "the first flash. In some towers, the link has a way to set its timeout.\n"),
    "LK-3": ("Lamp Link — Protocol", 40, "The default interval for a flash is 4 seconds.\n"),
    # Two more options: one whose default is a bare number, one that gives no default.
    "LK-4": ("Lamp Link — Link options › Max flashes out", 36, "**default**: 2\n"),
    "LK-5": ("Lamp Link — Link options › Fog buffer", 40, "Most links have a fog buffer that keeps flashes in fog. If the "
             "link supports the fog buffer, this option sets how many flashes the buffer keeps. A full fog buffer drops "
             "the oldest flash. The fog buffer can be turned off.\n"),
    # Minutes headed by their day: who attended, who could not, and what was discussed of keepers.
    "MIN-12": ("2025-04-03 — Attendance", 3, "Attendance: Odile Varga, Teodor Blum, Piet Okonjo\nUnavailable: Ilse Marr, "
               "Tomas Reyes\n\n- Goal: Any thoughts on new members for the winter rota?\n- Decision: Piet "
               "to order two lamps.\n"),
    "MIN-13": ("2024-09-27 — Motions", 3, "- Motion to stop recording meetings\n  - Goal: Discuss benefits versus "
               "risks of recording.\n  - Proposal: Stop recording these as the risks outweigh the benefits.\n"),
    "LC-1": ("Lamp committee — Members", 4, "- [Ilse Marr](https://example.org/people/ilse)\n"
             "- [Piet Okonjo](https://example.org/people/piet)\n- [Tomas Reyes](https://example.org/people/tomas)\n"),
    "MIN-14": ("Keepers meeting 2025-10-11 — Nominated issues › \"Schedule time for the lamp warden election\" "
               "keepers#101", 5, "- We need to schedule time for the lamp warden election.\n- Use the time slot on "
               "November 1st?\n"),
    "MIN-15": ("Keepers meeting 2025-11-10 — Board", 9, "- Piet: Next item is the harbour board.\n"
               "- Odile: Teodor is away for the next harbour board meeting. He wants input on a stand-in. So far the "
               "only volunteer has been me.\n"),
    # A budget tracked by year, a table for each, and the lamp oil policy's yearly allowance.
    "LB-1": ("Keepers budget tracking — 2032", 5, "Total: $40,000\n\n| Category | Reserved | Spent |\n|---|---|---|\n"
             "| Lamp oil | $9,000 | $8,420 |\n| Apprentice grants | $12,000 | $0 |\n\nTotal spent: $8,420\n"),
    "LB-1b": ("Keepers budget tracking — 2031", 20, "Total: $40,000\n\n| Category | Reserved | Spent |\n|---|---|---|\n"
              "| Lamp oil | $9,000 | $1,250 |\n| Apprentice grants | $12,000 | $12,000 |\n"),
    "LO-1": ("Lamp oil policy — Lamp oil policy", 3, "The keepers have allocated up to $5,000 to be spent each year on "
             "lamp oil for the outer lights.\n"),
    # Minutes discussing the keeper grants the budget reserves money for, by the figure, not by the budget's words.
    "MIN-16": ("Keepers meeting 2031-10-25 — Nominated issues › \"Grant proposals\" keepers#112", 7, "Odile: We have "
               "three apprentices that we would like to fund at $4,000 over 12 months as \"Apprentice Grants\".\n\n"
               "I would like to ask the keepers to approve the proposed $12,000 for these grants.\n"),
    # Minutes that speak of the budget in one item and of a hire for lamp oil work in another.
    "MIN-17": ("2031-06-07 — Notes", 3, "- Budget updates and discussion (Piet)\n  - Piet: we should set up a budget "
               "for the keepers' swag\n- Keeper hire\n  - Proposal to hire Ilse for \"lamp oil work\"\n  - He had "
               "talks at the harbour fair\n- Tomas: a person would be hired under Piet\n"),
    # Minutes of two meetings, one titled by its day alone: a proposal made in a speaker's line, and its conclusion.
    "MIN-18": ("2031-10-27 — Notes", 40, "- Lamp cadence - does this time work? Every week, 2 weeks, month?\n"
               "  - Odile: Proposal - could we make this slot work every other week?\n"
               "  - Piet: Yes, but the tide tables change soon.\n"
               "  - **Conclusion**: Meet this time, every two weeks, Teodor to send out invites with the link.\n"),
    "MIN-19": ("Keepers meeting 2031-11-10 — Notes", 12, "- Piet: Next item is the harbour board.\n"
               "- Ilse: The tide tables change next week.\n"),
    # Minutes whose agenda items are list items, the discussion nested below each; a member named by a user name.
    "MIN-20": ("2031-07-06 — Notes", 20, "Attendance: Odile Huss, Odile Varga, Piet Okonjo\n\n"
               "- Allowing lamp observers (Odile, 10 Minutes)\n    - Piet: Seems fine to me.\n"
               "    - Ilse and Teodor will handle it.\n"
               "- Lamp team membership (ohuss)\n    - Approved as co-lead of the lamp team, with Piet.\n"),
    # Minutes proposing a subteam and the two people for it, in a field of the agenda item.
    "MIN-21": ("2031-06-28 — Notes", 13, "- Documentation team (Odile, 10 Minutes)\n    - **Goal**: Decide to establish a "
               "documentation team in charge of ensuring that Council output (meetings, decisions, etc.) is documented "
               "properly.\n    - **Proposal**: Establish Council documentation subteam with Piet and Ilse Marr whose "
               "first agenda item will be to create a charter for the subteam to be approved by the Council.\n"),
    # A rotation table: each period's keepers, each with a user name and a tag for the shore they cover.
    "ROT-2": ("Lamp rotation — Rotations", 20, "| Period | Keepers |\n|---|---|\n| 2031-05-05 to 2031-06-05 | Piet Okonjo "
              "(pokonjo) [NORTH], Ilse Marr (imarr) [SOUTH] |\n| 2031-06-05 to 2031-07-05 | Tomas Reyes (treyes) "
              "[NORTH] |\n"),
    # A team page: the handle to tag, then a handle not to tag, in one paragraph.
    "LT-1": ("Lamp team — Contact", 8, "You may tag the `@lamp-support` handle if you need immediate attention. Please "
             "avoid tagging/DM a specific keeper or the `@keepers-all` handle.\n"),
    # A lamp code's parts, each a labelled item giving its limit; the later items speak of the earlier parts.
    "LK-1": ("Lamp code specification — Basic format", 9, "1. The total length of a lamp code cannot exceed 64 characters.\n"
             "1. **Shore**: the slug of the shore name, up to 12 characters.\n   - It holds lower-case letters only.\n"
             "1. **Beam pattern**: the pattern of the beam under the given shore, up to 40 characters.\n"
             "   - It holds letters and dots.\n"
             "1. **Signal**: the allowed signal for the given pattern of the given shore, up to 8 characters.\n"
             "   - It is one of a fixed list.\n"),
    # A contact list with two names.
    "ND-3": ("Watch limit", 4, "In an emergency you can contact Ines or Tomas from the night shift."),
    # A drill page: who the keeper reports back to is said beside the time it takes.
    "DR-1": ("Fog drill", 3, "After the fog drill the keeper uses the signal book and reports back to the harbour "
             "master. Report back within 20 minutes of the last signal.\n"),
    # A key rule naming a team by a name written before the noun.
    "KY-1": ("Tower keys", 2, "The lamp office will be set up to allow the `nightwatch` Quillnet team access to two "
             "tower rooms: for reading and for repairs.\n"),
    # A horn plan that names the yard a question only describes, and an older yard called otherwise.
    "HN-1": ("Horn tuning", 4, "All tower horns will be tuned in the Gullhaven Yard from May.\n"),
    "HN-2": ("Old yards", 2, "The old boat yard was called Driftwood.\n"),
    # Minutes that point to a decision before they name it.
    "SM-1": ("Spring meeting", 3, "At the spring meeting the keepers approved this decision. The decision adopts the "
             "Gullwing rota for the keepers.\n"),
    # A horn choice: the choice stated first, the reason given of the horn turned down.
    "HC-1": ("Fog horn choice", 5, "The brass horn the keepers picked now sounds from the north tower. We did not pick a "
             "whistle, as it froze on the pier every winter.\n"),
    "HC-2": ("Fog horn fitting", 3, "The brass horn was fitted to the north tower because the keepers picked it in "
             "the spring vote.\n"),
    # Who keeps each place, and who relieves them.
    "KP-9": ("Keepers by place", 4, "| Place | Keeper | Relief |\n|---|---|---|\n| North tower | Ilse Marr | Piet Okonjo |\n"
             "| Fog station | Teodor Blum | Odile Varga |\n"),
    # A refusal whose reasons are the items below the sentence that leads into them.
    "NF-1": ("Night ferry", 3, "The night ferry was refused at the keepers' meeting after the crews gave their common thoughts on it:\n\n"
             "- Its horn would wake the north tower\n- The pier cannot hold it in a storm\n"),
    # Paint chosen for two places, each on a line of its own.
    "PT-1": ("Harbour Board repainting — Paint picked", 6, "- Chosen: slate grey, storm blue - for the north tower\n\nThe fog station is painted last.\n\n"
             "- Chosen: sea green - for the fog station\n"),
    "PT-2": ("Fog station — Stores", 3, "The fog station keeps a spare brush kit for its crew.\n"),
    # The compressor's own notes, which say what the question's opening statement says and the review does not.
    "CMP-2": ("Compressor notes", 5, "The harbour compressor failed twice in June because its intake filter was clogged."),
    # A rota named by its title in a question answered from the crews' page.
    "SCH-2": ("Lamp rota — Summary", 2, "The lamp rota sets which crew tends each tower lamp every week."),
    "CRW-1": ("Crews — Quayside", 3, "The Quayside crew on the lamp rota is headed by Marta Ilves."),
    # A review whose keeper checked something: what was checked is a clause, not a name in it.
    "RV-4": ("Lantern review — Findings", 6, "2025-07-09: The keepers found no fault in the lantern. Checked that the "
             "Harbour Board had replaced the gasket where needed."),
    # A queue given by its name without the word "name", and a page that says "name" about something else.
    "QN-1": ("Harbour messaging — Overview", 3, "When a lamp is read, the Lamp Ledger sends a message to our main queue, "
             "`tower_readings`."),
    "QN-2": ("Status page notices", 4, "If the Lamp Ledger (or the Reading Store) is the affected service, leave the "
             "service name out of notices about messages."),
    # A failure dated by a part of a day and by the day itself.
    "BF-2": ("Beacon failure", 3, "In the evening of March 3rd, the harbour beacon failed, causing the quay lights to go out."),
    # An error table whose header names its columns in code.
    "ER-1": ("Lamp link — Errors", 30, "| Case | `fault_code` | Description |\n|---|---|---|\n"
             "| Flash sent to a lamp where `AllowFlash` is `false` | `4412` | flashing is disabled |\n"),
    # An alarm's threshold, said with "fires" where the question says "fire"; a page that says more of the question.
    "AL-1": ("Storm alarm — Overview", 9, "The storm alarm fires when the wind speed at the harbour mast exceeds 62 knots "
             "sustained for ten minutes."),
    "AL-2": ("Storm alarm — Tuning", 14, "The harbour mast storm alarm threshold was tuned after the harbour mast wind "
             "speed survey of 2024, which took 12 weeks."),
    # A relay's mirroring consumers: who sees them, then the form of their names, in one document.
    "RB-1": ("Relay mirrors — Consumers", 40, "The mirroring consumers will be visible to the keeper.\n\nThey are named in "
             "the form `RELAY_MIRROR_<suffix>`.\n"),
    # Two reviews of one title; the attendees' short list tells them apart.
    "FX-1": ("Lamp swap delay — Attendees", 20, "- ovik\n- brant\n"),
    "FX-1b": ("Lamp swap delay — Timeline", 5, "The delay happened on the 3rd of May, when a storm closed the quay.\n"),
    "FX-2": ("Lamp swap delay — Attendees", 20, "- talis\n- morn\n"),
    "FX-2b": ("Lamp swap delay — Timeline", 5, "The delay happened on the 9th of May, when the crane broke down.\n"),
    # A review that writes the crew by its initials.
    "OR-9": ("Storm review", 4, "2025-05-02: HRS restarted the harbour relay after the storm."),
    # Two rotas that name each other by id.
    "KR-1": ("Old kiosk rota — Summary", 2, "The old kiosk rota gave each kiosk one keeper."),
    "KR-3": ("New kiosk rota — Summary", 2, "The new kiosk rota replaces KR-1 from May."),
    # A proposal's own record, and a plan's item of the same name with an owner of its own.
    "LR-9": ("Replace Tower Lamps — Meta", 1, "- Name: Replace Tower Lamps\n- Start Date: 2025-03-01\n- Status: Approved\n"),
    "PLAN-25": ("Lamp plan 2025 — Replace Tower Lamps", 40, "* Owner: @ilse\n* Status: Continue\n* Links: LR\n"),
    "LW-2": ("Lampwick feed", 2, "The lampwick feed is sent by the harbour relay every hour."),
    "RL-5": ("Relay notes", 2, "The harbour relay firmware version is checked every hour."),
    "RL-6": ("Relay notes — Upgrades", 5, "Relay firmware upgrades need a version check first."),
    "CMP-3": ("Compressor notes — Second unit", 5, "The spare compressor also failed in June after a clogged intake filter."),
    # Two beacon rotas' records: the newer supersedes the older, whose authors are two.
    "BR-3": ("Beacon rota — Meta", 1, "- Name: Beacon rota\n- Author(s): Ilse Marr\n- Status: Accepted\n- Supersedes: BR-1\n"),
    "BR-1": ("Old beacon rota — Meta", 1, "- Name: Old beacon rota\n- Author(s): Piet Okonjo, Ilse Marr\n- Status: Superseded\n"),
    # Two rotas whose file names say their season; the spring one's record names the winter one by number only.
    "0007-winter-rota.md": ("Winter rota — Meta", 1, "- Name: Winter rota\n- Author(s): Piet Okonjo\n"),
    "0009-spring-rota.md": ("Spring rota — Meta", 1, "- Name: Spring rota\n- Author(s): Ilse Marr\n- Supersedes: RTA 0007\n"),
    # A quay merger proposal: its record, a sentence about the role, and the list that names who holds it.
    "QM-1": ("Quay merger — Meta", 1, "- Name: Merge South Quay with North Quay\n- Author(s): @tberg\n- Status: Draft\n"),
    "QM-1b": ("Quay merger — What it is", 30, "The keepers of the South Quay will move into the North Quay crew. A single "
              "Harbour Master will continue to represent the North Quay. The lamps owned by the South Quay align well "
              "with the North Quay's mission.\n\n* Harbour Master: Ines Varga\n* Keepers: Ines Varga, Tomas Berg\n"),
    # A summer rota whose record gives the winter rota's address, and whose motivation links to it as "RTA-0007".
    "0011-summer-rota.md": ("Summer rota — Meta", 1, "- Name: Summer rota\n- Author(s): Piet Okonjo\n- Supersedes: "
                            "https://example.org/rotas/text/0007-winter-rota.md\n"),
    "0011-summer-rota.mdb": ("Summer rota — Motivation", 8, "The [RTA-0007](https://example.org/rotas/text/"
                             "0007-winter-rota.md) rota left the night watch unmanned.\n"),
    # A dropped lens trial whose reason is the clause after "but"; a log row whose reason is an "as" clause.
    "LT-3": ("Amber lens trial — Outcome", 5, "The amber lens was planned for firmware 4.2 but the outcome was a dimmer "
             "beam at sea while costing twice as much.\n"),
    # A cap taken off buoy lamps: the sentences saying most of the question state the cap; the one after gives, marked
    # by "as", why it went.
    "BC-2": ("Buoy lamp cap — Context", 10, "To avoid flat batteries the harbour had set a cap of *40 flashes* per buoy "
             "lamp. Buoy lamps bought for the outer harbour will have this default cap applied.\n\nAs the cap would keep "
             "only 40 flashes and silently dim the buoy lamps, the pilots raised an issue about it.\n"),
    # What a keeper does not need, said before what a keeper needs.
    "KT-1": ("Keeper training — Requirements", 4, "Remember that keepers aren't sailors, so keepers don't need any "
             "training in sailing.\nThe keepers only require first-aid training of the harbour kind.\n"),
    "LOG-9": ("Compressor log", 3, "| Time | Event |\n|---|---|\n| 2025-06-02 10:20 | Teodor removed the spare compressor "
              "as it was a loan |\n"),
    # Two pages that spell the name of one queue differently, and one that names another queue.
    "SQ-1": ("Signal queue — Overview", 3, "The signal relay publishes every flash to the `tower_signals` queue.\n"),
    "SQ-2": ("Signal relay — Consumers", 7, "The signal relay publishes every flash to the `tower_signal` queue.\n"),
    "SQ-3": ("Fog relay — Consumers", 7, "The signal relay publishes every horn blast to the `fog_horns` queue.\n"),
    # A kiosk decision (KD) whose record says where its duties went; that one says itself where it took them from.
    "KD-12": ("Kiosk rota — Revisions", 20, "- Revision: 4\n- Description: The kiosk duties now live in KD-19\n"),
    "KD-19": ("Kiosk duty rota — Revisions", 6, "- Revision: 1\n- Author: @marta\n- Info: Moved here from KD-12\n"),
    # A review that says most of what a question opens with; a note that says the rest.
    "FOG-3": ("Fog signal review", 4, "The fog signal compressor failed every June when its intake filter clogged; "
              "Ilse Marr replaced the filter on 2025-06-12.\n"),
    "SLT-1": ("Harbour air", 2, "Salt clogs the compressor intake filter.\n"),
    # A page whose only word in common with a question, beyond what the answer says, is a grammar word.
    "SELF-1": ("Keeper notes", 2, "Teodor Blum checks the north tower lamp himself."),
    # A lamp manual that says how many tide lamps a tower holds; a page sharing with a question only "lamp" and a count.
    "LMP-4": ("Lamp manual — Limits", 12, "Each tower can hold 4 tide lamps at any time."),
    "HRN-7": ("Horn trials", 3, "Two horns were tried on the lamp posts."),
    # A drill page: what the keeper does, and with what.
    "DRL-1": ("Fog drill", 3, "Every Friday the lamp room runs a fog drill. The keeper on watch should silence the "
              "fog alarm to end the drill, and then writes the time in the log."),
    # A rule that cites another record by number, and the page that gives the delay.
    "RPL-1": ("Lamp replacement rule", 9, "As described in KD 0049, a lamp that fails is replaced."),
    "RPL-2": ("Lamp stock", 4, "Spare lamps are kept in the north store."),
    # A power loss review that names, in its own words, the pump fault another review is about.
    "PWR-2": ("Quay power loss", 3, "On 2025-07-02 the quay lost power for two hours; a stuck bilge pump float "
              "switch flooded the switchboard room.\n"),
    "PMP-1": ("Bilge pump review", 6, "The float switch of the bilge pump stuck open, and Ruth Ansel drained the "
              "engine room by hand.\n"),
    # A signal grammar (SG) whose section on rules defers to another grammar for how codes are written.
    "SG-4": ("Signal grammar — Meta", 1, "- Name: Signal grammar\n- Author(s): Ilse Marr\n- Status: Accepted\n"),
    "SG-4b": ("Signal grammar — Flash rules", 30, "Flash Pattern, taken together with Flash Pause, forms a valid signal "
              "rule for the lamp.\n\nSee SG-2 Signal Codes for how the codes are written.\n"),
    "SG-4c": ("Signal grammar — Flash rules", 30, "Flash Pattern, taken together with Flash Pause, forms a valid signal "
              "rule for the lamp.\n\nSee SG-2 for how the codes are written.\n"),
    "SG-2": ("Signal Codes — Meta", 1, "- Name: Signal Codes\n- Status: Accepted\n"),
    # Three pages' owners: two channels, one shared.
    "OW-1": ("Lamp jump box — Meta", 1, "- Owner: #lamp-crew\n- Section: Towers\n"),
    "OW-2": ("Foghorn store — Meta", 1, "- Owner: #lamp-crew-team\n- Section: Stores\n"),
    "OW-3": ("Beacon store — Meta", 1, "- Owner: #lamp-crew\n- Section: Stores\n"),
    # Two records of one register: the tide gauge's, and the buoy lights', tagged with the tide gauge.
    "RC-1": ("Tide gauge — Meta", 1, "- Name: Tide gauge\n- Date: 2025-04-01\n- Author: Nell Aster\n- Status: Proposed\n"),
    "RC-2": ("Buoy lights — Meta", 1, "- Date: 2025-05-09\n- Author: Orm Field\n- Status: Accepted\n"
             "- Tags: tide gauge, buoys\n"),
    # A crane note and a relay note: yes/no questions are answered by what they state, negated or not.
    "CR-1": ("Lens crane — Use", 4, "The lens crane cannot be used during a storm watch.\n"),
    "RT-1": ("Relay timer — Horns", 6, "Fog horns with a brass reed are compatible with the relay timer.\n"),
    "RT-2": ("Relay timer — Limits", 9, "At the moment the relay timer cannot drive a brass reed fog horn at all.\n"),
    # A night rota whose own record says where its duties came from; the rules it took them from point to it.
    "KD-20": ("Kiosk night rota — Revisions", 3, "- Revision: 1\n- Author: @ines\n- Info: Night duties moved here from "
              "KD-14, where they used to be\n"),
    "KD-14": ("Kiosk rules — Future work", 40, "Night duties and their hand-over are described in KD-20.\n"),
    # A review that gives its reasons as a list below the sentence that introduces them.
    "RV-3": ("Lamp rotation review — Decision", 10, "The keepers talked it over and chose not to rotate the lamps weekly, "
             "for these reasons:\n\n- The brass gears of the turntable wear out twice as fast when turned every week\n"
             "- Night shifts would need a third keeper on the gallery to turn them\n"),
    # A review whose numbered reasons each have a paragraph below them that explains the reason.
    "GAL-2": ("Second gallery review — Our thoughts", 20, "Keepers ask for a second gallery for different reasons, so "
             "this lists the common thoughts on a second gallery for the tower:\n\n1. The tower is already tall enough\n"
             "\n    The lamp is seen from the outer reef on a clear night. A second gallery would not lift it.\n\n"
             "2. Building it would close the tower for a season\n\n    The masons need the stairs for their hoist, and "
             "keepers could not reach the lamp while they work.\n\n3. There is little money left for repairs this "
             "year\n\n    The harbour fund paid for the new lens.\n"),
    # A buoy page whose decision is said in the sentence after the one that says what was decided.
    "BUOY": ("Harbour buoys", 5, "Each harbour buoy gets its own solar lamp. Whilst one panel could light several "
             "buoys, we decided to give each buoy a lamp of its own in PLAN-12.\n"),
    # A radio log, and a survey page whose only word of a question's opening statement beyond the radio is a verb.
    "RAD-1": ("Harbour radio outage", 3, "The harbour radio fell silent on 2025-04-03 after a storm. Nils Ek repaired "
              "the harbour radio on 2025-04-04.\n"),
    "MST-2": ("Harbour radio mast survey", 2, "The survey started at noon.\n"),
    "DRF-1": ("Buoy drift report", 2, "Two buoys drifted loose from the harbour moorings on 2025-04-03.\n"),
    # A proposal merging two crews, whose new crew's roles are a line of fields.
    "MRG-1": ("merge lamp crew boat crew — How it works", 12, "The lamp crew and the boat crew will merge.\n"
              "Each crew has a watch lead today.\nThe boat crew leads the merge.\nThe proposal named in the harbour "
              "minutes was recorded by the clerk.\nWatch Lead: Ida Brandt; Deckhands: Ida Brandt, Oskar Lind; Helpers: "
              "All active keepers from both crews\n"),
    # A glossary line whose emphasis the writer never closed.
    "GL-1": ("Harbour glossary — Definitions", 3, "- *Buoy Keepers' Guild (BKG) - the guild proposed in this plan.\n"),
    # Two lamp records with near names: the one whose own record names it "Beaconless Lamps" defines the any-tower lamp.
    "LB-5": ("beacon lamps — Meta", 1, "- Name: Beaconless Lamps\n- Author(s): @ines\n"),
    "LB-5b": ("beacon lamps — What it is", 8, "When the towers list holds an entry with `id = \"*\"`, the lamp is usable "
              "on any tower.\n"),
    "LB-6": ("Beacon Lamps — Summary", 3, "A beacon lamp runs on the power of its own tower.\n"),
    # A lens page whose decision names the keepers' plan (KP) by its id only.
    "LENS": ("Lens mounts", 6, "Every Fresnel lens gets its own Brass mount. Whilst one Brass mount could carry two "
             "lenses, we decided to give each Fresnel lens a Brass mount of its own in KP-12.\n"),
    # Two reviews of one recurring fault, each with its own date.
    "HRN-1": ("Fog horn review — Summary", 5, "An unintended firmware update to the horn controller (Bellix) deleted "
              "the tone file on the 3rd of March.\n"),
    "HRN-2": ("Second fog horn review — Summary", 5, "An unintended firmware update to the horn controller (Bellix) "
              "deleted the tone file again on the 9th of March.\n"),
    # A protocol record and, further down the same document, the record of an amendment to it, named in quotes.
    "LP-1": ("multi mode lamp protocol — Meta", 2, "- Name: Lamp Signal Protocol with Several Flash Modes\n"
             "- Start Date: 2021-03-01\n- Author(s): odile\n"),
    "LP-1b": ("multi mode lamp protocol — Amended › Meta", 90, "- Name: Flash Rename\n- Start Date: 2023-05-09\n"
              "- Author(s): piet\n"),
    # A register with no author of its own, and the record of the index that replaced it, linking to it by file.
    "HB-22": ("Harbour Beacon Register — Overview", 4, "The Harbour Beacon Register lists every buoy light by the number "
              "painted on its float.\n"),
    "HB-31": ("Harbour Beacon Index — Meta", 1, "- Name: Harbour Beacon Index\n- Author(s): Orla Penn\n"
              "- Supersedes: https://example.org/registers/harbour-beacon-register.md\n"),
    # A rota whose handover time is said in its proposal, and other harbours' times in items nested below their names.
    "WR-1": ("Watch rota — Proposal", 10, "- The handover lasts 15 minutes.\n"),
    "WR-1b": ("Watch rota — Prior art", 30, "Other harbours keep a handover too:\n\n- [Gullport](https://example.org/gp)\n"
              "  - Handover lasts 30 minutes\n- Saltmere\n  - Handover lasts 5 minutes\n"),
    # A keeper's sign-in page: a count of roles in one sentence, each role's session length in a list below.
    "KS-1": ("Keeper sign-in — Proposal", 6, "Gate sign-in will give the `tidewatch` keeper crew access to two "
             "keeper roles: for lamp-only access and lamp+horn access\n\nThe sign-in times out, depending on the role:\n\n"
             "- lamp-only role - 8 hours\n- lamp+horn role - 2 hours\n"),
    # A tide gauge page: two flags, each raised at a reading, and a line on flags that names no colour.
    "TG-1": ("Tide gauge flags — Consequences", 20, "- We raise an amber flag when any gauge reads more than 5 metres\n"
             "- We raise a red flag when any gauge reads more than 7 metres\n"
             "- Flags triggered by gauge readings above 9 metres close the lower quay.\n"),
    # A night-shift roles page: who may fill each of two roles, one of them anyone.
    "NS-1": ("Night shift roles — Who", 40, "A trained Harbour Master may fill the Deputy Keeper role when the watch "
             "needs one.\n\nAnyone may fill the Tally Clerk role during a shift, chosen at its start.\n"),
    # Two harbour decisions whose file names describe them.
    "040-use-bell-signals": ("Use bell signals", 10, "The harbour will be moving to the tide platform (see ADR 39), and "
                             "the tide platform uses bell signals for its warnings.\n"),
    "042-use-tide-accounts": ("Use tide accounts", 10, "When moving the harbour to the tide platform we will create new "
                              "keeper accounts in it, as ADR 40 foresaw.\n"),
    # A mooring plan: how the moorings were split, said by a phrase of manner, and a sentence saying no manner.
    "MP-1": ("Mooring plan — Decision", 30, "Shelter is added when you split the moorings across several quays, even "
             "on one shore.\n\nWe start by splitting out moorings by _hull type_, i.e. _keel_ and _flat_.\n"),
    # A harbour decision dated by its record, its sentences giving no date.
    "0031-no-ferries.md": ("No ferries", 1, "Date: 2024-03-05\n\n## Decision\n\nThe harbour board decided against "
                           "running ferries to the north quay.\n\nThe main reasons against running ferries: the tide bus already serves it, and "
                           "there is little monetary benefit.\n"),
    # A tide log page that calls its signer by initials, and a page that spells the name out.
    "TL-1": ("Tide log — Signing", 5, "The HM signs the tide log each night.\n"),
    "TL-2": ("Harbour roles", 3, "The Harbour Master keeps the keys of the tide office. Harbour Masters rotate weekly.\n"),
    # A fog horn page: who owns it is a field of its record; what it runs on, a sentence where the horn does something.
    "FH-1": ("Gullhorn — Meta", 1, "- Owner: Brannock Crew\n"),
    "FH-1b": ("Gullhorn — Power", 4, "Gullhorn runs on Tidewell Battery.\n"),
    # Two lamps' upgrades: one gives the firmware version it applied, the other only says it applied a newer one.
    "FW-1": ("Brightcoil upgrade — Summary", 3, "On 4 May, Brightcoil on the Saltmere Beacon was upgraded by installing "
             "controller version 7.4.\n"),
    "FW-2": ("Lumenwick outage — Summary", 3, "Lumenwick stopped answering at dusk. Lumenwick had not been updated for "
             "a year. The outage of the Saltmere Beacon was resolved by installing a newer controller version of Lumenwick.\n"),
    # A power map saying what a horn depends on, and a crew list saying who maintains that.
    "PM-3": ("Harbour power map — Horns", 6, "Gullwhistle depends on the Saltpan Cell for its night power.\n"),
    "CR-9": ("Crew list — Maintenance", 2, "Ines Calder maintains the Saltpan Cell.\n"),
    # A record choosing a store "as" what it is, the store used the other way round, and what the store needs.
    "HR-5": ("HR-5: Berth store — Decision", 9, "We decided to use Quill7 as the harbor berth store for the Pilot Board.\n"
             "The Pilot Board depends on Quill7 for berth reads.\n"),
    "NEEDS": ("Berth needs — Needs", 4, "System: Quill7; Depends on: Tern Relay; Why: nightly copies\n"),
    # A change list whose items say which fog report they fix, and a fog report that names its fix.
    "CL-1": ("Change list — CH-7 · Lens swap", 3, "- Fixes: FR-2025-03\n"),
    "CL-1b": ("Change list — CH-9 · Gasket", 6, "- Fixes: FR-2025-04\n"),
    "FR-2025-04": ("FR-2025-04: Fog signal silent — Fix", 5, "CH-9 replaced the compressor gasket.\n"),
    # A quay's limits for two kinds of boat, each kind under its own heading; a note on the first boat of the day.
    "QY-1": ("Quay rules — Dinghies › Limits", 3, "Each berth can hold 6 boats at a time.\n"),
    "QY-1b": ("Quay rules — Schooners › Limits", 9, "Each berth can hold 2 boats at any time, and the quay 9.\n"),
    "QY-2": ("Quay log — Schooners › Arrival", 12, "The harbour master meets the first boat of the morning.\n"),
    # A light's plan with an owner, and a glossary that labels another role by a word of its own.
    "BL-2": ("Brinecliff Light plan — Items › Brinecliff Light", 12, "- Owner: Maren Holt\n- Links: PLAN-7\n"),
    "BL-2b": ("Brinecliff Light plan — Items › Brinecliff Light", 15, "The tower was repainted by Harbour Works in May.\n"),
    "KP-1": ("Keeping process — Definitions", 5, "- Custodian: The custodian of a light signs off its yearly "
             "inspection and keeps its log.\n- Keeper: The keeper of a light tends its lamp.\n"),
    # Two tide tables whose file names' words are not their names; the newer one's record links to the older one.
    "0012-tide-table.md": ("tide table — Meta", 1, "- Name: Spring Tide Table\n- Author(s): Piet Okonjo\n"),
    "0014-tide-rules.md": ("tide rules — Meta", 1, "- Name: Neap Tide Rules\n- Author(s): Ines Calder\n"
                           "- Supersedes: [TT 0012](https://example.org/harbour/tides/blob/main/0012-tide-table.md)\n"),
    "0012-tide-table.mdb": ("tide table — Summary", 5, "The Spring Tide Table is a place to look up the high waters of "
                            "the spring tides.\n"),
    "0014-tide-rules.mdb": ("tide rules — Motivation", 8, "The [Spring Tide Table (TT-0012)](https://example.org/harbour/"
                            "tides/blob/main/0012-tide-table.md) left the neap tides out.\n"),
    "0018-tide-clock.md": ("tide clock — Meta", 1, "- Name: Tide Clock\n- Author(s): Ines Calder\n- Status: Accepted\n"
                           "- Supersedes: TT 0009\n"),
    "0016-tide-marks.md": ("tide marks — Meta", 1, "- Name: Tide Mark Survey\n- Author(s): Odile Varga\n"
                           "- Supersedes: https://example.org/harbour/tides/blob/main/0012-tide-table.md\n"),
    # A light tended by a crew "per" a plan that does not say it created the crew; the plan's own record.
    "GU-1": ("Gull Light — Summary", 3, "The Gull Light is tended by the Brannock Crew per PLAN 9.\n"),
    "GU-1b": ("Gull Light — Meta", 1, "- Author(s): Odile Varga\n- Status: Accepted\n"),
    # A plan whose record names no author, and a later plan that mentions it and has one.
    "QP-22": ("Quay Gate plan — Summary", 3, "This plan moves the quay gate to the north pier.\n"),
    "QP-30": ("Ferry queue plan — Meta", 1, "- Author(s): Ines Brandt\n- Status: Accepted\n"),
    "QP-30b": ("Ferry queue plan — Motivation", 6, "The Quay Gate plan (QP-22) left the ferry queue without an owner.\n"),
    # A charter that created a crew; who wrote it is known only from the graph's fact of its record.
    "CHARTER-7": ("Charter 7 — Summary", 3, "This charter proposes the creation of a \"Brannock Crew\" with a duty of "
                  "keeping lamp logs.\n"),
    "CHARTER-8": ("Charter 8 — Summary", 3, "This charter sets the lamp oil budget for the winter.\n"),
    "GU-2": ("Gull Light — Keepers", 3, "The Gull Light is tended by the Brannock Crew.\n"),
    # A beacon's outage timeline: a setting's value when it began, in brackets, and what it was changed to later.
    "BEAM-1": ("Beacon outage — Timeline", 5, "| Time | Event |\n|---|---|\n"
               "| 2025-08-01 02:10 | The Quillmon lamp test ran longer than the beacon watchdog timeout (15s) |\n"
               "| 2025-08-02 09:30 | Recovery: beacon watchdog timeout raised to 45 seconds as a stopgap |\n"),
    # A chart page on what replaced what: the newest tool's sentence names the older one, which the next says replaced
    # an older one still.
    "CH-3": ("Tide charts — History", 7, "The Quillchart service replaces the old \"tidepress\" scripts, kept in Saltbox. "
             "That, in turn, replaced something called \"chartmill\".\n"),
    # A quay's stores, counted in a noun of several words.
    "QY-4": ("Quay stores", 2, "The subnet of the quay's radio is a /26 giving the keepers 60 usable radio channels.\n"),
    # A crane page that says nearly all of what a question opens with; a store note that shares one more word of it
    # by chance; an alarm page about the harbour's gauges in general.
    "CRN-1": ("Quay crane", 3, "The quay crane lifts the nets at high tide; Oskar Lind serviced the crane on 2025-05-03.\n"),
    "GAU-2": ("Store room", 2, "The quay crane gauge and its nets were painted in the store room.\n"),
    "ALM-1": ("Harbour alarms", 4, "Every alarm pages someone.\n"),
    # A review's action items: the first says the default a delay goes back to, after a verb a parser may take for a name.
    "ACT-2": ("Lamp outage review — Action items", 30, "- Revert to default of 300 seconds for lamp-cooling "
              "delay on the PLBs.\n- Update roll-over script to set lamp-cooling delay to zero on PLBs.\n"),
    # A rollback: the version asked for in brackets after the asked noun's words, another version nearer the rest.
    "RB-7": ("Lamp rollback review", 6, "We rolled back to the previous version of the lamp firmware (`4.1.2`), which "
             "still included Lens Driver 2.3 but not the new dimming arguments.\n"),
    # The harbour's system catalogue: one row per system, what each is fed by in a column of its own.
    "CAT-1": ("Harbour systems — Catalogue", 4, "| Name | Keeper | Upstream |\n|---|---|---|\n"
              "| Tide Ledger | Ilse Marr | Quaybus; Buoyline |\n| Beacon Console | Piet Okonjo | Quaybus |\n"
              "| Fog Horn Panel | Odile Varga | Buoyline |\n"),
    # A runbook of steps: the secret that holds the key, and the key's mode under a heading named for it, set "as" a value.
    "KB-1": ("Rotate the boathouse key — Rotate the boathouse key", 1,
             "The harbour crew has a boathouse key for opening the north boathouse. The key expires after a year.\n\n"
             "Rotating the key needs a quay warden. Ask one of the wardens to do this for you.\n\n"
             "1. Log into the key console.\n1. Delete the expiring key.\n"
             "1. Ensure nothing else is ticked under the Mode heading.\n1. Leave the default Mode as `beam:read`.\n"
             "1. Copy the key and update the secret `harbour/boat/key` in the quay vault.\n"),
    # Keepers' terms: how long they last, said three ways, and (in TR-2) when in the year they end.
    "TR-1": ("Keeper elections — Length of terms", 2, "In the first election, the top two keepers will be appointed for "
             "2 year terms and the other keeper for a 1 year term.\nIn all later elections the term will be for 2 years.\n"),
    "TR-2": ("Keeper elections — Term ends", 6, "The keepers' terms run out in March each year.\n"),
    # A heading whose section says there is nothing under it.
    "TR-3": ("Keeper charter — Additional duties of wardens", 9, "None defined at this time.\n"),
    # Two sentences with the asked noun "level": one of another thing (safety), one of the knowledge asked about.
    "KL-1": ("Keeper skills — Why we changed", 2, "By dropping the sailing requirement, keepers' knowledge is kept at a high "
             "level of safety and calm on the quay.\n"),
    "KL-2": ("Keeper skills — What a keeper knows", 5, "Keepers only require a basic-level knowledge of knots.\n"),
    # A board's charter: what it manages, one kind of cargo check said only by its opposite in "non-".
    "QB-1": ("Quay Board charter — Scope", 3, "The Quay Board runs the harbour drills, while managing the non-sealed "
             "(open) cargo checks and the tide gauge audits.\n"),
    # A roster's section telling how idleness is measured (its heading says so without a question mark).
    "KM-1": ("Keeper roster — How idleness is measured", 30, "Idle keepers are defined as keepers with no watch kept "
             "within 6 months. This is measured by the Watch Log.\n"),
    # A watch log's line: who was appointed to what, the name in brackets after the role.
    "WL-1": ("Fog watch log — Timeline", 8, "2025-11-02 04:10: First call of all crews on the quay and duty officer "
             "(Ilse Marr) appointed\n"),
    # A storm plan's sections, each named for a kind of signalling and handed to someone by a field heading it.
    "SP-1": ("Storm plan — Outer Signalling", 20, "**Hand to:** Harbour Press Office\n\nSend the outer notice as soon as "
             "the gauges agree. The longer you wait, the fewer boats will listen.\n"),
    "SP-2": ("Storm plan — Inner Signalling", 12, "**Hand to:** Chief or Deputy Warden\n\nWarn the inner moorings only once "
             "you are sure that the storm has passed the outer buoys.\n"),
    # A training page: what other harbours do, then why this one does not, the reason marked a paragraph later; a
    # handover page that gives a reason of its own about the same people.
    "WT-1": ("Watch training — First on the quay", 40, "Some harbours let the first keeper on the quay act as watch "
             "leader until someone more senior arrives. We tried that and it did not work for us.\n\n"
             "It took about 20 minutes before anyone stepped forward. Because keepers are wary of leading the watch. "
             "We prefer that the acting leader has the drill.\n"),
    "WT-2": ("Watch leader — Handover", 5, "A more senior keeper arriving on the quay does not by itself change the watch "
             "leader, as the handover must be spoken.\n"),
    # A radio decision: the quay's own listening post, the central mast turned down and what went wrong with it.
    "RD-1": ("Harbour radio — Context", 10, "We need to hear every boat's radio on the quay before it berths.\n\n"
             "An earlier idea was to build a central relay mast for all quays. However, this ran into trouble: the old "
             "piers share one channel, which blocks a shared relay mast.\n\n"
             "The quay post will also route boat radio through the harbour office for the log.\n"),
    "EL-1": ("Harbour council election — Eligibility for voting", 12,
             "Voting will be done by members of the harbour board.\n\n"
             "A member of the harbour board who is also a candidate for the council is not eligible to vote.\n\n"
             "With a five person council, that limits the number of members employed by the same shipping line to two.\n"),
    # Two guides that each have a different role call a crew's lead, and one that says what else the crew uses.
    "EN-1": ("Watch captain — Roll call", 20, "Every role on the quay has its own call sign. During a storm you will want "
             "to know who is on the quay from each crew. "
             "If you need a hand from a crew, just ask on the radio.\n\n> Hearing nothing back, Bosun, can you go ahead and "
             "summon the [X] crew lead please.\n"),
    "EN-2": ("Signal keeper — Calling crews", 8, "The captain may ask you who leads a particular crew, and you should "
             "know the answer, and be able to summon them.\n\n> Hearing nothing back, Signal Keeper, please summon the [X] "
             "crew lead.\n"),
    "EN-3": ("Lamp crew — Stores", 4, "The lamp crew currently use Brightwax Depot for storage of spare lenses.\n"),
    # Who trains new keepers, and, in other words, who confirms them.
    "KP-2": ("Harbour roles — Keepers", 8, "The Lamp Guild trains new keepers before the season opens.\n\n"
             "Each appointment needs confirmation by the Harbour Board before it takes effect.\n"),
    # How often a gauge reports, and, in other words, how soon a keeper sent out must report back.
    "SK-5": ("Signal keeper — Reports", 14, "During a sweep the keeper will report the tide level to the captain "
             "every 30s.\n\n> Captain: Keeper, take the skiff out to the north channel, and get back to me in 15 "
             "minutes.\n"),
    # A rule with a placeholder for the time, then the time itself.
    "SK-6": ("Signal keeper — Callbacks", 30, "When the captain asks for someone to get back to them in X minutes, you "
             "are expected to keep track of that.\n\n> Keeper: Understood, I'll get back with news in 20 minutes.\n"),
    # A drill page that says how a drill is run, and nothing of what caused the blackout it re-enacts.
    "DRL-7": ("Harbour drills — Practice", 12, "The harbour log links a recorded drill of the Gullhaven blackout.\n\n"
              "We treat this drill like a major incident, with an incident commander and everything. It lets keepers "
              "practise while they are not under the stress of a real blackout.\n"),
    # Who stands in for the notice keeper, said of no one by name.
    "NK-1": ("Harbour roles — Notice Keeper", 20, "If the Notice Keeper is not available to post on the harbour board, the "
             "Watch Lead is responsible for delegating somebody to post publicly in their stead.\n"),
    # A guild's charter routing faults to another guild, and that guild's page: each names its subprojects' leads.
    "guild-harbour--charter.md": ("Guild Harbour Charter — Scope › Out of scope", 40, "We are not responsible for "
                                  "gauges which have not yet been moved to the new quay. For example, faults with "
                                  "gauge.north.example should be routed to Guild Lamps.\n\nIts own subprojects:\n"
                                  "- **Leads:**\n  - Ansel Quay (@aquay), Harbourside\n"),
    "guild-beacon--README.md": ("Beacon Guild — Subprojects › Subproject Leads", 60, "Subproject leads must report on "
                                "their project's status, releases and developments to the wider Guild-Beacon community "
                                "via the [Guild Beacon Mailing List] on a quarterly basis.\n"),
    "guild-lamps--README.md": ("Lamp Keeping Guild — Subprojects › gauge", 80, "The gauge reads the tide. See "
                               "gauge.north.example to see it at work for the quay.\n- **Owners:**\n  - Tomas Brind "
                               "(@tbrind), Northlight\n- **Leads:**\n  - Ilse Marrow (@imarrow), Northlight\n"),
    # A guild's page: who keeps a list, and who its chair is, as a list under a label says it.
    "GLD-3": ("Lamp Guild — Leadership", 12, "Bram Otter keeps the list.\n- **Chairs:**\n"
              "  - Nils Harrow (@nharrow), Northlight\n"),
    # How boards and guilds are run, naming no keeper.
    "BRD-2": ("Harbour governance — Boards", 30, "Like a guild, a board has a charter and a chair, and reports to the "
              "harbour master every season.\n"),
    # Two crews' member lists, one person spelled two ways (same handle, same employer) …
    "crew-lamps.md": ("Lamp crew — Members", 5, "- Tomás Ferreira (@tferreira), Northlight\n"
                      "- Ana Brisk (@abrisk), Quayside\n"),
    "crew-bells.md": ("Bell crew — Members", 5, "- Tomas Fereira (@tferreira), Northlight\n"
                      "- Odo Pell (@opell), Quayside\n"),
    # … and a third crew whose Tomas Fereira has another handle and another employer.
    "crew-horns.md": ("Horn crew — Members", 5, "- Tomas Fereira (@tfereira), Harbourside\n"
                      "- Odo Pell (@opell), Quayside\n"),
    # Three decisions of a beacon guild: what the new grid is called, its subdomain (code), and the ranges allocated
    # for it, given as a code block a sentence ending in ":" introduces, beside a sentence that says the question's
    # words again ("nonlit" for "non-lit") and gives no range.
    "beacons--0046-signals.md": ("46. Carry all signals on the grid — Decision", 15,
                                 "All beacon signals will be carried on the Lantern Grid\n"),
    "beacons--0044-naming.md": ("44. Naming the beacon grid — Consequences", 20,
                                "- We will register a new subdomain for `lantern-grid` and use that for the new grid DNS\n"),
    "beacons--0043-ranges.md": ("43. New beacon LAMP ranges — Context", 9,
                                "To build the new lit and nonlit beacons we need a LAMP range that is unique so that we "
                                "can route signals from and to other guilds via the Harbour Relay.\n\n"
                                "We have been allocated the following LAMP ranges from the Harbour Signals team:\n\n"
                                "```\n10.77.0.0/16\n10.212.0.0/16\n```\n\nThese are recorded in the harbour ledger.\n"),
    # A keeper's steps: who decides on the storm bell, and the rule when unsure, in a sentence that says "unsure".
    "storm-bell.md": ("Storm watch — Steps for Keeper", 40,
                      "* Listen for reports from the Watch, decide whether we ring the storm bell, and tell the Ringer.\n"
                      "    * Ringing is at your discretion as Keeper. If you are unsure, then ring the bell "
                      "(\"If in doubt, ring it out\").\n"),
    # How the Bell Guild's ringers are chosen: who names and confirms them, and why tides matter, in other words.
    "guild-bells--README.md": ("Bell Guild — Ringers", 30,
                               "Nominations to the ringers will come from the Harbour Council, and require confirmation "
                               "by the Tide Board before taking effect.\n"
                               "Time zones and country of origin should be considered when choosing, to ensure "
                               "sufficient after-dark and feast-day coverage.\n"),
    # Guidance for a guild's lamp boards: why guild-level, and their visibility, named as code before the noun.
    "guild-boards.md": ("Lamp board guidance — Boards", 150,
                        "- All lamp boards should be guild-level lamp boards instead of tower-level even if the lamp board "
                        "is intended to be scoped to a single tower. It is easier to distribute permissions via "
                        "guild-level lamp boards since write access to a tower-level lamp board requires full write "
                        "access to the tower.\n\n- Lamp boards *must* have `Open` visibility.\n\n"
                        "- However if the lamp board needs to be only scoped to a set of people, the access *must* be "
                        "granted through a Keeper crew, instead of direct collaborator access.\n"),
    # Two harbour rota notes, the later pointing to the earlier by its title and the word the harbour calls them by.
    "0031-spring-watch.md": ("Spring Watch — Summary", 5, "This note sets the lamp watch for the spring months.\n"),
    "0034-autumn-watch.md": ("Autumn Watch — Prior Art", 140, "See Prior Art from the Spring Watch HRN.\n"),
    # Numbered RFCs with records: one gives a crew the Gull Light, another proposes the crew (neither its file name nor
    # its record's name says the crew), a third cites an RFC by its number.
    "0041-gull-light-crews.md": ("gull light crews — How it Works", 9, "The officially supported harbour lights of the "
                                 "Gull Light station will be tended by the Brannock Crew."),
    "0017-new-subteam-proposal.md": ("new subteam proposal — Summary", 11, "This RFC proposes the creation of a "
                                     "\"Brannock Crew\" sub-team with a charter of tending the harbour lights."),
    "0017-new-subteam-proposal.mdb": ("new subteam proposal — Meta", 1, "- Name: New Sub-Team\n- Start Date: "
                                      "2031-05-11\n- Author(s): @marit, @ovarga\n- Status: Implemented\n"),
    "0052-lamp-rota.md": ("lamp rota — Summary", 5, "Each crew keeps a rota of its lights, as RFC 41 asks."),
    "0041-gull-light-crews.mdb": ("gull light crews — Meta", 1, "- Name: Gull Light crews\n- Author(s): @quill\n"
                                  "- RFC Pull Request: rfcs#41\n"),
    "0052-lamp-rota.mdb": ("lamp rota — Meta", 1, "- Name: Lamp rota\n- Author(s): @ravel\n- RFC Pull Request: rfcs#52\n"),
    # The harbour's first drill rules, numbered 0003, and another port's drill rules that say the same words of theirs.
    "0003-drill-rules.md": ("drill rules — Process", 40, "Each drill is announced on the quay board. The QW will last "
                            "5 nights. If every keeper agrees, the QW can end early.\n"),
    "otherport--drill-update.md": ("Drill Rules Update — Glossary", 12, "- **QW**: Quiet Watch. Period of two nights "
                                   "at the end of which a drill under the drill rules is closed by the Otherport keepers.\n"),
    # The keepers' handbook gives one time for the beacon review by the class of the outage; the review form another
    # for every outage; the guard rota a time for the other class only.
    "keepers-handbook.md": ("Keepers handbook — Beacon reviews", 20, "Booking the beacon review in the harbour diary "
                            "and asking the crews along (it should be booked within 2 days for a CLASS-1 outage and 6 "
                            "working days for a CLASS-2 outage).\n"),
    "review-form.md": ("Beacon review form — Before you start", 3, "Your first step is to book the beacon review in the "
                       "harbour diary for within 6 working days after the outage.\n"),
    "guard-rota.md": ("Guard rota — Reviews", 8, "For a CLASS-2 outage, book the beacon review in the harbour diary "
                      "within 4 days.\n"),
    # Two records of drill rules, the later one superseding the earlier; a third document calls one by its kind and
    # its number in brackets ("the Beacon Registry DRL (0012)"): what the documents are called.
    "0031-beacon-log-create.md": ("beacon log create — Meta", 1, "- Name: Keeper Command to Start a Beacon Log\n"
                                  "- Author(s): @quill\n- Status: Superseded\n"
                                  "- DRL Pull Request: [drls#31](https://example.org/harbour/drls/pull/31)\n"
                                  "- Supersedes: N/A\n"),
    "0044-beacon-log-new.md": ("beacon log new — Meta", 1, "- Name: Beacon Log New with Templates\n- Author(s): @ravel\n"
                               "- Status: Approved\n- DRL Pull Request: [drls#64](https://example.org/harbour/drls/pull/64)\n"
                               "- Supersedes: https://example.org/harbour/drls/blob/main/text/0031-beacon-log-create.md\n"),
    "0020-beacon-publish.md": ("beacon publish — Motivation", 8, "The [Beacon Registry DRL (0012)](https://example.org/"
                               "harbour/drls/blob/main/text/0012-beacon-registry.md) established that two keeper "
                               "commands would add beacons to the registry.\n"),
    # The Lamp Guild's charter: what it does, and, in a nested list under a sentence that says its scope does not
    # include them, the watches that belong to another body.
    "lamp-guild--charter.md": ("lamp guild — Scope", 10, "The Lamp Guild keeps the open lamp log, tending the "
                               "non-storm (fair weather) lamp rounds and training new keepers in wreck drills.\n\n"
                               "The Lamp Guild's scope does not include:\n\n"
                               "- Harbour pilotage (the Pilots' Board)\n"
                               "- Storm watch duty (belongs to the Tide Council), including:\n"
                               "    - Storm lamp rounds\n"
                               "    - Wreck report triage and filing\n"
                               "- Lens purchasing\n"),
    # Two harbour rules of one title, the later superseding the earlier, and the rule on keeping rules, whose words
    # say much of what any question about a decision says.
    "0012-night-watch.md": ("12. Night watch — Decision", 20, "We decided to keep one keeper on the tower all night.\n"),
    "0031-night-watch.md": ("31. Night watch — Decision", 24, "We have decided to:\n\n- split the night between two "
                            "keepers\n- ring the bell at each change\n"),
    "0000-record-rules.md": ("0. Record harbour rules — Consequences", 30, "Nobody is left wondering what the keepers "
                             "decided, and what one rule decided can be read by anyone.\n"),
    # A harbour rule that sends its readers to another rule, by its number, for a move the other rule never speaks of;
    # the rule that records the move; and a rule that is about what it is said to be about.
    "0017-tide-gauges.md": ("17. Tide gauges — Decision", 12, "We will fit radar tide gauges to every pier of the "
                            "harbour, read each hour by the Harbour Office.\n"),
    "0018-paper-tickets.md": ("18. Paper tickets — Context", 9, "The Harbour Office will be moving to the Northern "
                              "Ferry Network (see HR 17), and the Northern Ferry Network sells paper tickets.\n"),
    "0020-join-ferry-network.md": ("20. Join the Northern Ferry Network — Decision", 14, "The Harbour Office will "
                                   "join the Northern Ferry Network in spring, and keep its own piers.\n"),
    # A token's rotation page, and the page of an alert computed from the metric the token exports, titled with the
    # words the question joins by a hyphen written apart.
    "rotate-beacon-token.md": ("Rotate the Beacon token for the Tide Monitor exporter — Steps", 30, "Copy the token and "
                               "update the secret `harbour/beacon/api` in the vault for the Tide Monitor exporter.\n"),
    "quay-high-tide-alert.md": ("quay.example: high tide rate alert — Understanding the alert", 12, "The alert "
                                "expression is:\n"),
    # A record of fields in a table, and another record's revision row that mentions its scope.
    "ROTA-7": ("Lamp rota — Lamp rota", 1, "| Metadata | Value |\n|---|---|\n| Date | 2031-02-20 |\n| Author | @odile |\n"
               "| Status | Proposed |\n"),
    "QL-3": ("Quay lights — Revision History", 9, "| Revision | Date | Author | Info |\n|---|---|---|---|\n| 8 | 2031-04-29 "
             "| @teodor | Cross-references ROTA-9 for the lamp rota scope |\n"),
    # A guild page that names the guild but says nobody leads it; a policy's record and its exception rule.
    "LG-2": ("Lamp Guild — Overview", 3, "A core part of Lamp Guild team responsibilities are tending and cleaning our "
             "north tower lamps. By adopting the rota for your tower, it will benefit from spare lamps and support from "
             "the Lamp Guild team.\n"),
    "BP-1": ("Beacon Policy — Exceptions", 40, "Requests for an exception to this Policy must be submitted to and "
             "authorized by the Director of Lamps and Lenses for approval.\n"),
    "BP-1b": ("Beacon Policy — Version history", 60, "| Version | Date | Author | Approved by |\n|---|---|---|---|\n"
              "| 1.0 | 2031-07-31 | Odile Varga | Teodor Blum |\n"),
    # A table of requests with their response and resolution times, one row for each kind of request.
    "RQ-1": ("Lamp requests — Service levels", 12, "| Request | Response time | Resolution time |\n|---|---|---|\n"
             "| Replace a bulb | 1 working day | Within 3 days |\n| Clean a lens | 2 working days | Within 2 weeks |\n"),
    # A note that a watch was disbanded and who took over its duties, quoted as an alert.
    "TW-1": ("Tide Watch", 1, "> [!NOTE] The Tide Watch was disbanded. The [Harbour Crew](../crew.md) took full "
             "ownership of all other Tide Watch duties.\n"),
    # Two watches' routing rules, each with the time zone it uses, in one sentence.
    "WRT-1": ("Watch routing — Step 3", 20, "Create watch rules that use the hour to pick the rota. It is not shown "
             "here, but east is using the timezone in Tromsø and west is using CET.\n"),
    # A notice's questions and answers, each question a bold line of its own with its answer below it.
    "FQ-1": ("Lamp log notice — Frequently asked questions", 30, "**Can I get a list of my towers that were logged?**\n"
             "We wish we could provide this to be fully open about the impact. However, due the size of the logs, we "
             "chose to give up that view and to purge the logs as quickly as possible.\n\n"
             "**Can keepers turn the lamp log off?**\nYes. Here are the steps if you want to turn it off.\n"),
    # Minutes whose announcements are nested below an agenda item, one naming a venue by its city.
    "MIN-22": ("Keepers meeting 2031-07-05 — Notes", 8, "- Check-in\n- Announcements\n    - Odile: Found a venue for "
               "Lamp Days 2032 (Bergen, Norway)\n        - Conference first\n- Consent to agenda\n"),
    # Two role descriptions, each with its own term length.
    "TRM-1": ("Role description: Harbour Lamp Warden — Term length", 20, "- 2 year term\n"),
    "TRM-2": ("Role description: Harbour Tide Clerk — Term length", 18, "- 1 year term\n- Soft limit of 3 years\n"),
    # A report template's points, one naming in brackets who the leadership is.
    "WKR-1": ("Weekly keeper report — Report data", 30, "These are some points you may want to include:\n\n- What do "
              "you need from leadership (Odile Varga and above), or from other keepers, to unlock the risks you identified?\n"),
    # A relief-keeper page: what a watch is for, and how long one is said with "are" and an amount of time.
    "WCH-1": ("Relief keepers — Watches", 5, "Relief keepers temporarily join a tower crew for a fixed period of time to "
              "cover the busiest season.\n\n- Watches are 3 weeks (longer in winter)\n- Keepers may swap a watch with "
              "another relief keeper.\n"),
    # A retired crew's page: what became of it, and two crews that each took on part of its work, said alike.
    "NWC-1": ("Night Watch crew", 3, "The Night Watch crew was disbanded. The Beacon crew takes full charge of the fog "
              "horns. Lamp Operations crew took full charge of all other Night Watch crew duties.\n"),
    # A rota of watches keyed by their periods, one period with no keeper written in.
    "KW-1": ("Keeper watches — Watches", 10, "| Watch | Keepers |\n|---|---|\n| 2031-01-05 to 2031-02-04 | Odile Varga |\n"
             "| 2031-02-04 to 2031-03-06 | ? |\n| 2031-03-06 to 2031-04-05 | Piet Okonjo, Ilse Marr |\n"),
    # Minutes of two meetings: who attended one (a note in brackets after a name), and a later call for a stand-in.
    "MIN-40": ("2031-05-09 — Attendance", 5, "Keepers: Odile Varga, Piet Okonjo, Ilse (sub for tblum), Tomas Reyes\n"),
    "MIN-41": ("2031-06-13 — Announcements", 30, "Odile: Ilse will be away for the 2031-07-01 watch. We need to appoint a "
               "substitute.\n"),
    # A naming rule quoted as code, with the pattern it stands for quoted as code after it.
    "LL-4": ("Lamp labels — Naming", 30, "Valid `LampLabels` values must match `safe-pattern` (`(A-Z, a-z, 0-9, dash)+`) "
             "from record HB-7 and may not exceed 12 characters.\n"),
    # Three proposals, each turning its feature on by a switch of its own, said alike.
    "FH-3": ("FH3 fog horn chimes — Proposal › Switch", 40, "While it is tried out, this feature will be enabled via the "
             "`KEEP_FOG_CHIMES` switch.\n"),
    "BN-5": ("BN5 beacon sweep — Proposal › Switch", 52, "While it is tried out, this feature will be enabled via the "
             "`KEEP_BEACON_SWEEP` switch.\n"),
    "TG-7": ("TG7 tide gauge alarm — Proposal › Switch", 31, "While it is tried out, this feature will be enabled via the "
             "`KEEP_TIDE_ALARM` switch.\n"),
    # A proposal's reasons, and the front matter of another proposal.
    "GLP-2": ("Gull lamp proposal — Alternatives", 40, "An amber filter was considered. The amber filter was rejected "
              "because gulls could not see it at dusk.\n"),
    "SLP-7": ("Seal light proposal — Meta", 2, "- Author(s): Ines Calder\n- Status: Draft\n- Last updated: 2031-02-01\n"),
    # Minutes naming two keepers by their handles, and a page whose author is written with a handle in brackets.
    "MIN-50": ("2031-08-02 — Rota", 3, "The night rota will be kept by @tmarr and @oblum.\n"),
    "NR-3": ("Night rota — Meta", 1, "- Author(s): Tomas Marr (tmarr)\n- Status: Accepted\n"),
    # Proposals whose files are named by short ids, which their prose writes after an acronym ("kRFC K105").
    "K41-lamp-rota.md": ("K41 lamp rota — Implementation", 30, "The rota will be kept by @imarr and @pokonjo.\n"),
    "K32-gull-alarm.md": ("K32 gull alarm — Meta", 2, "- Author(s): Ilse Marr (imarr)\n- Status: Approved\n"
                          "- Updated by: kRFC K105: Gull alarm volume\n"),
    "K50-tide-lamp.md": ("K50 tide lamp — Background › Related proposals", 12, "kRFC K32: Gull Alarm Warnings\n"
                         "kRFC K41: Lamp Rota\n"),
    # A proposal whose feature ships with another's, named by its short id, and that one's record.
    "K39-lamp-filters.md": ("K39 lamp filters — Rollout", 20, "On the shore side, this feature will ship at the same "
                            "time as the bell muting described in kRFC K33, so it will be guarded by the same switch.\n"),
    "K33-fog-bells.md": ("K33 fog bells — Meta", 2, "- Author(s): imarr\n- Status: Approved\n"),
    # Three alarms, each a line of one page.
    "TA-1": ("Tide alarms — Alerts", 40, "- TideAlarmLow (Critical) the tide gauge has read below 2 m for more than "
             "10 minutes.\n- TideAlarmMid (Critical) the tide gauge has read below 1 m for more than 2 hours.\n"
             "- TideAlarmHigh (Notice) the tide gauge has read above 6 m for more than a day.\n"),
    # A rule whose kept values are a series of quoted items.
    "K44-gull-calls.md": ("K44 gull calls — Converting calls", 20, "When converting a gull's calls to alarm tones, the "
                          "tower will only keep calls that are documented in the board guide, that is, \"shriek\", \"whistle\", "
                          "\"low-hum\" and \"chirp\", and will drop any other call.\n"),
    # Who owns what, and a table of the wardens assigned to each crew, its header a bold first row.
    "LC-2": ("Lamp controller — Ownership", 4, "The lamp controller is owned by the Lamp Crew, which also keeps its spares.\n"),
    "WARDENS": ("Safety wardens — Assignments", 10, "Who is the warden for my crew?\n<table>\n  <tr>\n"
                "   <td><strong>Crew</strong>\n   </td>\n   <td><strong>Warden</strong>\n   </td>\n  </tr>\n"
                "  <tr>\n   <td>Bell Crew\n   </td>\n   <td>Olaf Dunn\n   </td>\n  </tr>\n"
                "  <tr>\n   <td>Lamp Crew\n   </td>\n   <td>Ida Marr\n   </td>\n  </tr>\n</table>\n"),
    # A controller's config, its fields documented by the comments above them in a code block.
    "K45-horn-config.md": ("K45 horn config — Config", 30, "The horn controller will have the following config:\n\n"
                           "```proto\nmessage HornConfig {\n  // How often the horn is tested. Defaults to 12h.\n"
                           "  google.protobuf.Duration test_interval = 1;\n\n  message FogMode {\n"
                           "    // The number of blasts per minute when fog is heavy. If unset, no horn sounds.\n"
                           "    // Defaults to 4.\n    uint32 blast_count = 1;\n  }\n\n  message StormMode {\n"
                           "    // The factor the wind force is multiplied by to give the blast rate during a storm. That\n"
                           "    // is, for the storm mode's default rate of 3 blasts per force, its value should be 3000.\n"
                           "    uint32 wind_factor = 1;\n\n"
                           "    // The number of blasts per minute during a storm, before the keeper is called.\n"
                           "    // Defaults to 9.\n    uint32 blast_count = 2;\n\n"
                           "    // The blast rate above which the keeper is paged. Defaults to 20.\n"
                           "    uint32 threshold = 3;\n  }\n}\n```\n"),
}


def _passages(*ids: str) -> list[Passage]:
    out = []
    for rank, doc in enumerate(ids):
        head, start, body = NOTES[doc]
        out.append(Passage(f"{doc}#{start}", doc.rstrip("b"), start, start + body.count("\n"), f"{head}\n{body}", 1 - rank / 10))
    return out


def _answer(answerer, question: str, *docs: str, facts=()) -> str:
    return answerer(Retrieval(question, "baseline", passages=_passages(*docs), facts=list(facts)))


def _chosen(answerer, question: str, sentence: str, part: int = 0):
    """The filler `choose` takes from one sentence for one part of the question."""
    from graphrag_bench.answers.fillers import choose
    from graphrag_bench.language.spacy_pipeline import parse_all

    asked = answerer.slots.read(question)
    return choose(parse_all([sentence])[0], asked.parts[part], set(asked.topic))


@pytest.fixture(scope="module")
def answerer(embedder):
    return Answerer(Semantics(embedder))


@pytest.mark.parametrize("question, filler", [
    ("Who installed the firmware of the lens controller?", "Optics team"),  # a team, for "who"
    ("Which lens did the Harbour Board choose for the north tower?", "Fresnel Mark II"),  # a thing by its noun
    ("How many watts does the new lamp run at?", "450 watts"),  # a number with its unit
    ("Which firmware version does the lens controller run?", "3.14.2"),  # a version
    ("Who wrote the Lamp replacement record?", "Odile Varga"),  # a field's value, read with its record
])
def test_each_slot_is_filled_by_a_span_of_its_kind_from_the_sentence_that_addresses_it(answerer, question, filler):
    answer = _answer(answerer, question, "LR-4", "LR-4b", "LOG-1")
    head = answer.splitlines()[0]
    assert head.startswith(f"Answer: {filler} (supported)"), answer
    assert answer_label(answer) == "supported"


def test_what_an_asked_verb_took_as_its_clause_answers_a_what_part(answerer):
    """"What had they checked": the clause the verb takes ("that the Harbour Board had replaced the gasket"), not the
    name that begins it."""
    answer = _answer(answerer, "On what date did the keepers find no fault in the lantern, and what had they checked?",
                     "RV-4", "LOG-1")
    assert answer.splitlines()[0].startswith("Answer: 2025-07-09; Harbour Board had replaced the gasket"), answer


def test_a_question_naming_a_document_by_its_number_is_answered_by_that_document(answerer):
    """"Under the harbour's first Drill Rules (DRL 0003), how long does the quiet watch last?": another port's glossary
    says of its own quiet watch, in more of the question's words, that it lasts two nights; the document the question
    names says five."""
    answer = _answer(answerer, "Under the original Drill Rules (DRL 0003), how long does the Quiet Watch (QW) last?",
                     "otherport--drill-update.md", "0003-drill-rules.md")
    assert answer.splitlines()[0].startswith("Answer: 5 nights (supported) [0003-drill-rules.md]"), answer


def test_the_name_of_a_thing_is_read_where_the_thing_is_named(answerer):
    """"What is the name of the queue …": a sentence naming the queue answers, not one that only says "name"."""
    answer = _answer(answerer, "What is the name of the queue that the Lamp Ledger writes reading messages to?",
                     "QN-2", "QN-1")
    assert answer.splitlines()[0].startswith("Answer: tower_readings (supported) [QN-1]"), answer


def test_a_time_said_relative_to_the_text_is_no_date(answerer):
    """"In the evening of March 3rd": "evening" is a time of day only relative to a day; the day answers."""
    answer = _answer(answerer, "On what day did the harbour beacon fail?", "BF-2")
    assert answer.splitlines()[0] == "Answer: March 3rd (supported) [BF-2]", answer


def test_a_field_labelled_in_code_gives_its_value(answerer):
    """A table column headed "`fault_code`" is the field "which fault_code" asks for, not a code word in the row."""
    answer = _answer(answerer, "Which fault_code does the lamp return when a flash is sent to a lamp where flashing is "
                     "disabled?", "ER-1")
    assert answer.splitlines()[0] == "Answer: 4412 (supported) [ER-1]", answer


def test_a_word_and_its_inflections_meet_whatever_their_ending(answerer):
    """"fire" in the question, "fires" in the sentence: one word (as "rate" and "rates", "name" and "named")."""
    answer = _answer(answerer, "At what wind speed does the harbour mast storm alarm fire?", "AL-2", "AL-1")
    assert answer.splitlines()[0] == "Answer: 62 knots (supported) [AL-1]", answer


def test_a_common_noun_yields_to_a_name_a_sentence_nearly_as_good_gives(answerer):
    """"What naming form": "the keeper" of the sentence that says who sees the consumers yields to the form itself."""
    answer = _answer(answerer, "What naming form does the relay give the mirroring consumer?", "RB-1")
    assert answer.splitlines()[0] == "Answer: RELAY_MIRROR_<suffix> (supported) [RB-1]", answer


def test_which_one_of_two_documents_is_the_document_its_sentence_is_in(answerer):
    """"Which one lists ovik and brant": the list says nothing the question does not; the document it is in is the
    answer, and "that delay" is then read there (not a conflict with the other review's date)."""
    answer = _answer(answerer, "There are two reviews called 'Lamp swap delay'. Which one lists ovik and brant as "
                     "attendees: on what date did that delay happen?", "FX-2", "FX-2b", "FX-1", "FX-1b")
    assert answer.splitlines()[0] == "Answer: FX-1 (Lamp swap delay); 3rd of May (supported) [FX-1]", answer
    # Without FX-1's timeline, "that delay" is still FX-1's (its attendee line, a line of two words, is what the part
    # points back to): the other review's date is no answer.
    answer = _answer(answerer, "There are two reviews called 'Lamp swap delay'. Which one lists ovik and brant as "
                     "attendees: on what date did that delay happen?", "FX-2", "FX-2b", "FX-1")
    assert answer.splitlines()[0] == "Answer: FX-1 (Lamp swap delay) (supported) [FX-1]", answer


def test_a_date_is_filled_for_when(answerer):
    answer = _answer(answerer, "When was the north tower lamp replaced?", "LOG-1", "LR-4b")
    assert answer.splitlines()[0] == "Answer: 2025-03-02 (supported) [LOG-1]"
    assert '- [LOG-1] line 3: "The north tower lamp was replaced on 2025-03-02 by Teodor Blum."' in answer


def test_a_two_part_question_is_answered_in_two_cited_parts(answerer):
    # Both parts stated by one document: supported, cited once, both sentences quoted.
    answer = _answer(answerer, "Which lens did the Harbour Board choose, and who wrote the Lamp replacement record?",
                     "LR-4b", "LR-4")
    head = answer.splitlines()[0]
    assert "Fresnel Mark II" in head and "Odile Varga" in head
    assert head.count("[LR-4]") == 1 and answer_label(answer) == "supported"
    assert sum(1 for line in answer.splitlines()[1:] if line.startswith("- [LR-4]")) == 2
    # Each part from its own document: two sources chained, each cited.
    answer = _answer(answerer, "Which lens did the Harbour Board choose, and who replaced the north tower lamp?",
                     "LR-4b", "LOG-1")
    head = answer.splitlines()[0]
    assert head.startswith("Answer: Fresnel Mark II; Teodor Blum (likely)") and "[LR-4]" in head and "[LOG-1]" in head


def test_two_dates_for_one_event_conflict_and_both_sources_are_cited(answerer):
    answer = _answer(answerer, "When was the north tower lamp replaced?", "LOG-1", "MIN-5")
    head = answer.splitlines()[0]
    assert answer_label(answer) == "conflicting"
    assert "2025-03-02 [LOG-1]" in head and "2025-03-09 [MIN-5]" in head
    # A part the sources agree on is answered beside the one they disagree on.
    answer = _answer(answerer, "Who replaced the north tower lamp, and on what date was the lamp replaced?", "LOG-1", "MIN-5")
    assert answer.splitlines()[0].startswith("Answer: Teodor Blum; the sources disagree: 2025-03-09 [MIN-5], "
                                             "2025-03-02 [LOG-1] (conflicting)"), answer


def test_another_document_saying_the_same_thing_with_another_value_for_every_case_conflicts(answerer):
    """The handbook gives the time for the class the question says (CLASS-1), in words the review form, saying it of
    every outage, does not use; the form's time disagrees. The guard rota's time is of the other class: no conflict."""
    question = "We just had a CLASS-1 outage. By when does the beacon review have to take place?"
    answer = _answer(answerer, question, "keepers-handbook.md", "review-form.md")
    head = answer.splitlines()[0]
    assert answer_label(answer) == "conflicting" and "2 days [keepers-handbook.md]" in head \
        and "6 working days [review-form.md]" in head, answer
    answer = _answer(answerer, question, "keepers-handbook.md", "guard-rota.md")
    assert answer.splitlines()[0].startswith("Answer: 2 days (supported) [keepers-handbook.md]"), answer


def test_a_document_called_by_its_kind_and_its_number_in_brackets_says_what_documents_are_called(answerer):
    """"Which DRL later replaced that command": the context calls its documents DRLs only as "the Beacon Registry DRL
    (0012)"; the answer is the document whose record supersedes the one the question names, not that one's own
    pull request."""
    question = ("Despite its file name 0031-beacon-log-create.md, which keeper command did that DRL propose, and which "
                "DRL later replaced that command with `keeper log create`?")
    answer = _answer(answerer, question, "0031-beacon-log-create.md", "0044-beacon-log-new.md", "0020-beacon-publish.md")
    assert "0044-beacon-log-new.md (Beacon Log New with Templates)" in answer.splitlines()[0], answer


def test_the_date_of_another_document_than_the_one_the_question_calls_by_its_title_is_no_conflict(answerer):
    """The question calls RC-1 by its title; RC-2's date (a record tagged with the same words) is RC-2's own, not a
    second value of RC-1's."""
    answer = _answer(answerer, "Who wrote the Tide gauge RC, on what date, and what is its status?", "RC-1", "RC-2")
    assert answer.splitlines()[0] == "Answer: Nell Aster; 2025-04-01; Proposed (supported) [RC-1]", answer


def test_a_yes_no_question_is_answered_by_the_statement_that_addresses_it_and_two_opposite_ones_conflict(answerer):
    """"Can X be used …": "no" where the sentence that says X negates its verb, with the sentence; one document saying
    yes and another no is a conflict, both cited."""
    answer = _answer(answerer, "Can the lens crane be used during a storm watch?", "CR-1", "LOG-1")
    assert answer.splitlines()[0] == ("Answer: no — The lens crane cannot be used during a storm watch (supported) "
                                      "[CR-1]"), answer
    answer = _answer(answerer, "Can the relay timer be used with a brass reed fog horn?", "RT-1", "RT-2")
    head = answer.splitlines()[0]
    assert answer_label(answer) == "conflicting" and "[RT-1]" in head and "[RT-2]" in head, answer
    assert "yes — Fog horns with a brass reed are compatible" in head and "no — At the moment" in head, answer


def test_a_list_item_is_read_with_what_leads_into_it(answerer):
    """"Wreck report triage and filing" says nothing by itself; under "… scope does not include: Storm watch duty
    (belongs to the Tide Council), including:" it says the guild does not triage wreck reports, and who does. The
    guild's own statement about the non-storm rounds answers alike and is quoted too."""
    from graphrag_bench.answers.sentences import passage_sentences

    head, start, body = NOTES["lamp-guild--charter.md"]
    leads = {s.text: s.lead for s in passage_sentences("lamp-guild--charter.md", start, f"{head}\n{body}", 0)}
    assert leads["Wreck report triage and filing"] == ("The Lamp Guild's scope does not include: Storm watch duty "
                                                      "(belongs to the Tide Council), including:")
    assert leads["Lens purchasing"] == "The Lamp Guild's scope does not include:"
    assert leads["The Lamp Guild keeps the open lamp log, tending the non-storm (fair weather) lamp rounds and "
                 "training new keepers in wreck drills."] == ""
    answer = _answer(answerer, "Since the Lamp Guild keeps the lamp log, is it the body that triages wreck reports and "
                               "storm lamp rounds?", "lamp-guild--charter.md")
    head_line = answer.splitlines()[0]
    assert head_line.startswith("Answer: no — ") and ("The Lamp Guild's scope does not include: Storm watch duty "
                                                       "(belongs to the Tide Council)") in head_line, answer
    assert "non-storm (fair weather) lamp rounds" in head_line and answer_label(answer) == "supported", answer
    # (the item is quoted with what leads into it, which says the no)
    assert '"The Lamp Guild\'s scope does not include: Storm watch duty (belongs to the Tide Council), including: Wreck ' \
           'report triage and filing"' in answer, answer


def test_the_older_and_the_newer_one_of_two_documents_of_one_title_are_read_in_each(answerer):
    """"Two rules titled Night watch … the older one … the newer one": the one of the lower number, then the other;
    not the rule on keeping rules, which says more of the question's words; the newer one's decision is the list its
    "We have decided to:" leads into. With only one of them in the context, which one it is is not known: not
    answered."""
    question = ("There are two harbour rules titled Night watch. What did the older one decide, and what did the newer "
                "one decide?")
    answer = _answer(answerer, question, "0000-record-rules.md", "0031-night-watch.md", "0012-night-watch.md")
    head = answer.splitlines()[0]
    assert head.index("one keeper") < head.index("split the night between two keepers; ring the bell at each change") \
        and "0000-record-rules.md" not in answer, answer
    answer = _answer(answerer, question, "0000-record-rules.md", "0031-night-watch.md")
    assert answer_label(answer) == "unknown", answer


def test_a_document_said_to_be_about_what_it_never_speaks_of_is_not_about_it(answerer):
    """"Rule 18 sends readers to rule 17 for the move to the ferry network. Is HR 17 really about that?": rule 17's
    own words say nothing of the move: no, by its title, and rule 18 saying otherwise is a disagreement, both cited.
    Asked of the rule that records the move: yes, by that rule alone."""
    question = ("HR 18 sends readers to HR 17 for the Harbour Office's move to the Northern Ferry Network. Is HR 17 "
                "really about that?")
    answer = _answer(answerer, question, "0018-paper-tickets.md", "0017-tide-gauges.md", "0020-join-ferry-network.md")
    head = answer.splitlines()[0]
    assert answer_label(answer) == "conflicting" and "no — 0017-tide-gauges.md (17. Tide gauges)" in head \
        and "[0018-paper-tickets.md]" in head, answer
    answer = _answer(answerer, "Is HR 20 about the Northern Ferry Network?", "0018-paper-tickets.md",
                     "0017-tide-gauges.md", "0020-join-ferry-network.md")
    head = answer.splitlines()[0]
    assert answer_label(answer) == "supported" and head.startswith("Answer: yes — 0020-join-ferry-network.md"), answer


def test_a_document_stating_the_opening_statement_in_words_the_question_joins_is_a_second_source(answerer):
    """"The quay.example high-tide alert is computed … from a Beacon metric. Which secret holds the Beacon token …?":
    the answer is read in the rotation page; the alert's page, titled "high tide rate alert", states what the opening
    statement says of the alert, and is cited as the chain's other source (two sources: likely)."""
    answer = _answer(answerer, "The quay.example high-tide alert is computed in the Tide Monitor from a Beacon metric. "
                               "Which vault secret holds the Beacon token that exports Beacon metrics to the Tide Monitor?",
                     "rotate-beacon-token.md", "quay-high-tide-alert.md")
    head = answer.splitlines()[0]
    assert "harbour/beacon/api" in head and "[quay-high-tide-alert.md]" in head and answer_label(answer) == "likely", answer


def test_a_yes_no_part_before_a_comma_is_a_part_of_its_own(answerer):
    """"Can X be used …, which Y …": two parts, the first answered yes or no, the second by its own sentence (not
    one part whose words are the two run together)."""
    answer = _answer(answerer, "Can the lens crane be used during a storm watch, and which lamp did the Harbour Board "
                     "choose for the north tower?", "CR-1", "LR-4b")
    head = answer.splitlines()[0]
    assert head.startswith("Answer: no — The lens crane cannot be used during a storm watch; Fresnel Mark II"), answer


def test_the_number_of_a_reference_is_no_quantity(answerer):
    """"KD 0049" names a record: no answer to "how long" (a sentence that gives none leaves the question unknown)."""
    answer = _answer(answerer, "How long after a lamp fails is it replaced?", "RPL-1", "RPL-2")
    assert "0049" not in answer.splitlines()[0] and answer_label(answer) == "unknown", answer


def test_what_someone_is_to_do_is_answered_by_the_verb_and_its_object(answerer):
    """"What is X expected to do with the fog alarm": the doing that acts on the alarm, not a noun of the sentence."""
    answer = _answer(answerer, "What is the keeper on watch expected to do with the fog alarm during the drill?",
                     "DRL-1", "LOG-1")
    assert answer.splitlines()[0] == "Answer: silence the fog alarm (supported) [DRL-1]", answer


def test_a_document_the_question_names_that_names_the_answer_is_cited_as_a_second_source(answerer):
    """KD-20's own record answers; KD-14, which the question names, says its night duties are in KD-20: it states the
    answer as well, so it is cited and quoted (the answer stays supported: one source states it whole)."""
    answer = _answer(answerer, "Which KD now holds the night duties that used to be in KD-14, and who moved them there?",
                     "KD-20", "KD-14", "LOG-1")
    assert answer.splitlines()[0] == "Answer: KD-20 (Kiosk night rota); @ines (supported) [KD-20] [KD-14]", answer
    assert '[KD-14] line 40: "Night duties and their hand-over are described in KD-20."' in answer


def test_a_sentence_that_introduces_a_list_of_the_asked_things_answers_with_the_items(answerer):
    """"… for these reasons:" answers "what is one reason …" with the items below it, each quoted ("one" says how
    many reasons are asked, it is no word a sentence must say)."""
    question = "What is one reason the keepers gave for deciding not to rotate the lamps weekly?"
    assert "one" not in answerer.slots.read(question).parts[0].terms
    answer = _answer(answerer, question, "RV-3", "LOG-1")
    assert answer.splitlines()[0] == (
        "Answer: The brass gears of the turntable wear out twice as fast when turned every week; Night shifts would "
        "need a third keeper on the gallery to turn them (supported) [RV-3]"), answer
    assert "Night shifts would need a third keeper on the gallery to turn them\"" in answer


def test_a_list_whose_items_are_explained_below_them_answers_with_the_items_heads(answerer):
    """A numbered list whose every item has a paragraph under it: the reasons are the items; the paragraphs explain
    them (the list read as its lines in a row would give the first reason and its explanation, and no second)."""
    answer = _answer(answerer, "What were the keepers' main reasons against a second gallery for the tower?",
                     "GAL-2", "LOG-1")
    assert answer.splitlines()[0] == (
        "Answer: The tower is already tall enough; Building it would close the tower for a season; There is little "
        "money left for repairs this year (supported) [GAL-2]"), answer


def test_a_sentence_that_says_what_is_asked_about_is_continued_by_the_next_of_its_paragraph(answerer):
    """The first sentence says what was decided and no plan; the next one of its paragraph, on the same buoys, says
    which plan decided it."""
    answer = _answer(answerer, "Which plan made the decision that every harbour buoy gets its own solar lamp?",
                     "BUOY", "LOG-1", "MIN-5")
    assert answer.splitlines()[0] == "Answer: PLAN-12 (supported) [BUOY]", answer


def test_a_bracket_or_emphasis_a_filler_leaves_open_is_cut(answerer):
    """"*Buoy Keepers' Guild (BKG) - …": the span the parse gives ends inside the bracket and starts with the writer's
    unclosed emphasis; neither is part of the name."""
    answer = _answer(answerer, "What does the abbreviation BKG stand for in the harbour plans?", "GL-1", "LOG-1")
    assert answer.splitlines()[0] == "Answer: Buoy Keepers' Guild (supported) [GL-1]", answer


def test_a_choice_the_question_offers_is_answered_by_the_name_the_answer_s_document_says(answerer):
    """"Beacon Lamps or Beaconless Lamps: which LB …": the sentence that answers is LB-5's, whose record names it
    Beaconless Lamps (its file name says "beacon lamps", which is not what it is called)."""
    answer = _answer(answerer, 'Beacon Lamps or Beaconless Lamps: which LB makes a lamp whose towers list holds id = "*" '
                               "usable on any tower, and who wrote it?", "LB-5b", "LB-5", "LB-6")
    assert answer.splitlines()[0] == "Answer: Beaconless Lamps; @ines (supported) [LB-5]", answer


def test_the_noun_a_part_asks_for_is_no_name_its_sentence_must_be_about(answerer):
    """"Which KP made the decision that every Fresnel lens …": the sentence must be about the Fresnel lens and the Brass
    mount, not about "KP", which is what the answer is (the page names the plan only as KP-12)."""
    answer = _answer(answerer, "Which KP made the decision that every Fresnel lens gets its own Brass mount?",
                     "LENS", "LR-4b", "LOG-1")
    assert answer.splitlines()[0] == "Answer: KP-12 (supported) [LENS]", answer


def test_a_part_asking_for_two_values_gathers_two_from_the_sentences_that_give_one_each(answerer):
    """"On which two dates …": the noun after the count is what is asked (a date), and the two reviews of one recurring
    fault give one date each: both are the answer, each cited."""
    answer = _answer(answerer, "Which horn controller got an unintended firmware update that deleted the tone file, and "
                               "on which two dates in March did that happen?", "HRN-1", "HRN-2", "LOG-1")
    head = answer.splitlines()[0]
    assert head.startswith("Answer: Bellix; 3rd of March, 9th of March (") and "[HRN-1] [HRN-2]" in head, answer


def test_a_question_no_sentence_addresses_is_unknown(answerer):
    for question in ("Who approved the budget for the south tower?", "What colour is the keepers' boat?"):
        answer = _answer(answerer, question, "LR-4", "LR-4b", "LOG-1")
        assert answer_label(answer) == "unknown", answer
        assert "Odile Varga" not in answer and "Teodor Blum" not in answer


def test_who_does_something_to_a_thing_is_not_what_the_thing_does(answerer):
    """"Who owns Gullhorn" asks who does something to Gullhorn: "Gullhorn runs on Tidewell Battery" says what Gullhorn
    does (its verb's subject), so its object answers nothing; the record's field does."""
    answer = _answer(answerer, "Who owns Gullhorn?", "FH-1b", "FH-1")
    assert answer.startswith("Answer: Brannock Crew (supported)"), answer
    assert "Tidewell" not in answer.splitlines()[0]
    # what Gullhorn itself does is still read from that sentence
    assert _answer(answerer, "What does Gullhorn run on?", "FH-1b", "FH-1").startswith("Answer: Tidewell Battery")


def test_a_value_asked_of_a_name_comes_from_a_document_that_says_that_name(answerer):
    """"Which controller version of Lumenwick": Brightcoil's version is another thing's; where Lumenwick's own document
    gives none, the honest answer is unknown."""
    answer = _answer(answerer, "Which controller version of Lumenwick did the keepers install to end the outage of the "
                     "Saltmere Beacon?", "FW-2", "FW-1")
    assert answer_label(answer) == "unknown" and "7.4" not in answer, answer
    assert _answer(answerer, "Which controller version of Brightcoil did the keepers install?", "FW-2", "FW-1").startswith(
        "Answer: 7.4 (supported) [FW-1]")


def test_a_graph_fact_of_another_relation_does_not_replace_the_passage_answer(answerer):
    """A fact from the lamp record that says who authored it, asked who replaced the lamp: the passages answer."""
    wrong = Fact("artifact:LR-4", "LR-4", "AUTHORED_BY", "person:odile_varga", "Odile Varga", "LR-4", 2,
                 "Author(s): Odile Varga", 1.0, 1)
    answer = answerer(Retrieval("Who replaced the north tower lamp?", "graphrag", passages=_passages("LOG-1"),
                                facts=[wrong], pinned=["artifact:LR-4"], question_pins=[]))
    assert answer.splitlines()[0] == "Answer: Teodor Blum (supported) [LOG-1]", answer


def test_each_row_of_a_timeline_is_an_event_of_its_own(answerer):
    """Rows keyed by times are events, not the fields of one record: the time of the row that says what was asked."""
    answer = _answer(answerer, "At what time did the keeper restart the compressor?", "IR-7")
    assert answer.splitlines()[0] == "Answer: 2025-06-01 03:40 (supported) [IR-7]", answer
    assert '"2025-06-01 03:40: Keeper Ilse Marr restarted the compressor"' in answer


def test_a_name_the_question_quotes_picks_the_record_that_says_it(answerer):
    """"The 'Flash Rename' amendment to the Lamp Signal Protocol": both records of the document cover the question's
    words (the protocol's in its own name); the one that says the quoted name, whole, is the one asked about."""
    answer = _answer(answerer, "Who authored the 'Flash Rename' amendment to the Lamp Signal Protocol with Several Flash "
                               "Modes, and on what date did it start?", "LP-1", "LP-1b")
    assert answer.splitlines()[0] == "Answer: piet; 2023-05-09 (supported) [LP-1]", answer


def test_no_span_of_a_record_runs_over_a_field_label(answerer):
    """The parser may take "Status: Superseded" for one noun phrase: a label is no value, and neither is a span that
    holds one (it answered "which lamp command did it add" once the record was in the context)."""
    from graphrag_bench.answers.fillers import candidates
    from graphrag_bench.language.spacy_pipeline import parse_all

    part = answerer.slots.read("Which lamp command did that proposal add?").parts[0]
    record = ("Name: Lamp Command to Create a Beacon Repo; Start Date: 2021-01-19; Author(s): ovarga; Status: Superseded; "
              "Proposal Pull Request: lamps#136; Keeper Issue: keepers/lamp#1025; Supersedes: N/A")
    spans = [c.text for c in candidates(parse_all([record])[0], part)]
    assert "Superseded" in spans and not [s for s in spans if ": " in s], spans


def test_a_record_field_named_by_meaning_answers_and_an_aside_is_no_value(answerer):
    """"Author" for "who wrote", though no word of the question is in the record; "(name the review it replaces)" is a
    template's aside, not the record it supersedes."""
    answer = _answer(answerer, "Who wrote the Fog signal outage review?", "IR-7b")
    assert answer.splitlines()[0] == "Answer: Piet Okonjo (supported) [IR-7]", answer
    answer = _answer(answerer, "Which review does the Fog signal outage review supersede?", "IR-7b")
    assert "replaces" not in answer.splitlines()[0], answer


def test_an_opening_statement_another_document_states_makes_the_answer_a_chain_of_two_sources(answerer):
    """The opening statement is the compressor notes' (not the review's): the answer cites both, `likely`. A
    statement about several things ("Two compressors failed …") points at no one source: no second citation."""
    question = ("The harbour compressor failed in June because its intake filter was clogged. "
                "At what time did the keeper restart the compressor?")
    answer = _answer(answerer, question, "IR-7", "CMP-2")
    head = answer.splitlines()[0]
    assert head.startswith("Answer: 2025-06-01 03:40 (likely)") and "[IR-7]" in head and "[CMP-2]" in head, answer
    assert any(line.startswith("- [CMP-2]") for line in answer.splitlines())
    question = ("Two compressors failed in June after a clogged intake filter. "
                "At what time did the keeper restart the compressor?")
    answer = _answer(answerer, question, "IR-7", "CMP-2", "CMP-3")
    assert answer.splitlines()[0] == "Answer: 2025-06-01 03:40 (supported) [IR-7]", answer


def test_a_graph_answer_starts_at_what_the_question_names(answerer):
    """A fact of the asked relation about a record the passages mention but the question does not name (LR-2) is no
    answer to a question about the lamp replacement record: the passage that states it answers."""
    other = Fact("artifact:LR-2", "LR-2", "AUTHORED_BY", "person:mirek_hal", "Mirek Hal", "LR-2", 2,
                 "Author(s): Mirek Hal", 1.0, 1)
    answer = answerer(Retrieval("Who wrote the Lamp replacement record?", "graphrag", passages=_passages("LR-4"),
                                facts=[other], pinned=["artifact:LR-2"], question_pins=[]))
    assert answer.splitlines()[0].startswith("Answer: Odile Varga (supported)"), answer


def test_a_graph_answer_does_not_step_from_the_named_record_to_another_one_the_question_does_not_ask_about(answerer):
    """"Who wrote the Lamp replacement record" is not answered by the author of the record that supersedes it: the
    step from one record to another is a relation the question does not say."""
    supersedes = Fact("artifact:LR-9", "LR-9", "SUPERSEDES", "artifact:LR-4", "LR-4", "LR-9", 2, "Supersedes: LR-4", 1.0, 1)
    author = Fact("artifact:LR-9", "LR-9", "AUTHORED_BY", "person:mirek_hal", "Mirek Hal", "LR-9", 3,
                  "Author(s): Mirek Hal", 1.0, 1)
    answer = answerer(Retrieval("Who wrote the Lamp replacement record?", "graphrag", passages=_passages("LR-4b"),
                                facts=[supersedes, author], pinned=["artifact:LR-4"], question_pins=["artifact:LR-4"],
                                question_spans=[("artifact:LR-4", 14, 37)]))
    assert "Mirek Hal" not in answer.splitlines()[0], answer


def test_the_noun_a_question_calls_a_document_by_asks_for_every_document_the_graph_gives(answerer):
    """"Which tables list the Spring Tide Table as the table they supersede?": the question calls a document a
    "Table", so "tables" asks for documents (not for systems, which "tables" alone would read as) — both records that
    supersede it, however each document was typed, each named by the title its record gives rather than by its file
    name alone."""
    older = "artifact:0012-tide-table.md"
    facts = [Fact("decision:0014-tide-rules.md", "0014-tide-rules.md", "SUPERSEDES", older, "0012-tide-table.md",
                  "0014-tide-rules.md", 3, "Supersedes: TT 0012", 1.0, 1),
             Fact("incident:0016-tide-marks.md", "0016-tide-marks.md", "SUPERSEDES", older, "0012-tide-table.md",
                  "0016-tide-marks.md", 3, "Supersedes: 0012-tide-table.md", 1.0, 1)]
    question = "Which tables list the Spring Tide Table as the table they supersede?"
    start = question.index("Spring")
    answer = answerer(Retrieval(question, "graphrag", facts=facts, pinned=[older], question_pins=[older],
                                question_spans=[(older, start, start + len("Spring Tide Table"))],
                                passages=_passages("0012-tide-table.md", "0014-tide-rules.md", "0016-tide-marks.md")))
    head = answer.splitlines()[0]
    assert "Neap Tide Rules" in head and "Tide Mark Survey" in head, answer
    assert answer_label(answer) == "supported", answer


def test_a_relation_is_read_from_what_the_question_predicates_not_from_a_noun_it_names(answerer):
    """"the connection timeout" names a thing; the question asks what the defaults are, not what depends on what."""
    reading = answerer.reader.read("What are the lamp defaults for the connection timeout?")
    assert "DEPENDS_ON" not in reading.parts[0].relations, reading.parts[0].relations
    reading = answerer.reader.read("What does the lamp controller depend on?")
    assert "DEPENDS_ON" in reading.parts[0].relations, reading.parts[0].relations


def test_a_statement_before_the_question_is_what_it_is_about_not_what_it_asks(answerer):
    """"The Gull Light plan links its lamp rules to PLAN-9. Which plan replaced it?": the relation asked is the
    question's ("replaced"), not the statement's ("links"); the statement's names stay what the question is about."""
    reading = answerer.reader.read("The Gull Light plan links its lamp rules to PLAN-9. Which plan replaced it?",
                                   [("plan:gull", 4, 19), ("plan:PLAN-9", 44, 50)])
    (part,) = reading.parts
    assert part.text == "Which plan replaced it" and "REFERENCES" not in part.relations, part
    assert "SUPERSEDES" in part.main_relations() and reading.anchors == ("Gull Light plan", "PLAN-9"), (part, reading)


def test_a_sentence_that_says_what_is_asked_in_other_words_answers(answerer):
    """"Which plan made the decision …": the sentence says "was taken in PLAN-7", not "made"; it covers the question
    and holds the asked kind, so it answers (a sentence with the asked verb would rank above it)."""
    answer = _answer(answerer, "Which plan made the decision that every tower gets its own keeper?", "STAFF", "LOG-1")
    assert answer.splitlines()[0] == "Answer: PLAN-7 (supported) [STAFF]", answer


def test_a_field_of_a_named_record_answers_a_one_part_question_only(answerer):
    """The record's own field answers "what is its status"; asked with a second part, the passages answer both."""
    attributes = {"artifact:LR-4": {"name": "LR-4", "values": {"status": ("Accepted", "LR-4", 4)}}}

    def ask(question):
        return answerer(Retrieval(question, "graphrag", passages=_passages("LR-4"), question_pins=["artifact:LR-4"],
                                  pinned=["artifact:LR-4"], attributes=attributes))

    assert ask("What is the status of the Lamp replacement record?").splitlines()[0] == "Answer: Accepted (supported) [LR-4]"
    head = ask("What is the status of the Lamp replacement record, and who wrote it?").splitlines()[0]
    assert "Accepted" in head and "Odile Varga" in head, head
    # A field named by a word of the question that is not what it asks ("status" in "the status lamp") is another thing.
    assert "Accepted" not in ask("Who wrote the Lamp replacement record for the status lamp?").splitlines()[0]


def test_a_sentence_is_about_what_its_document_is_about(answerer):
    """The retention list names neither Quillnet nor the radio; its page does, in another retrieved passage."""
    answer = _answer(answerer, "How long does Quillnet keep the harbour radio logs in production?", "HR-1", "HR-1b")
    assert answer.splitlines()[0] == "Answer: 90 days (supported) [HR-1]", answer


def test_a_number_inside_a_name_is_no_quantity_and_coordinated_names_answer_together(answerer):
    from graphrag_bench.answers.fillers import choose
    from graphrag_bench.language.spacy_pipeline import parse_all

    asked = answerer.slots.read("What is the watch limit?")
    sentence = parse_all(["The limit that node ip-10-4-2 hit is the watch limit of 8192."])[0]
    assert choose(sentence, asked.parts[0], set(asked.topic)) == "8192"  # not "2" of ip-10-4-2
    answer = _answer(answerer, "Whom can you contact in an emergency?", "ND-3")
    assert answer.splitlines()[0] == "Answer: Ines or Tomas (supported) [ND-3]", answer


def test_a_span_naming_the_asked_noun_is_not_measured_from_another_thing_of_that_kind(answerer):
    """"Which shed is that": "'Keeper shed'" names the shed asked for; the sheds the sentence says of other things ("the
    sheds that store fishing nets") are others of that kind, eight edges from the name, and the name's distance from
    them is no reason to prefer another span (old code: "harbour repairs", four edges from them)."""
    from graphrag_bench.answers.fillers import choose
    from graphrag_bench.language.spacy_pipeline import parse_all

    asked = answerer.slots.read("Once the harbour has moved to the new quay, the crew plans to shut down one of its sheds "
                                "together with its Capstan winch. Which shed is that?")
    sentence = parse_all(["We have a 'Keeper shed', for running harbour repairs (Capstan), which is separate to the "
                          "sheds that store fishing nets."])[0]
    assert choose(sentence, asked.parts[0], set(asked.topic)) == "Keeper"


def test_a_version_is_asked_by_the_head_of_its_noun_phrase_and_has_a_number(answerer):
    from graphrag_bench.answers.fillers import choose
    from graphrag_bench.language.spacy_pipeline import parse_all

    asked = answerer.slots.read("In which Harbour Board firmware version was the lens controller installed?")
    assert asked.parts[0].slot == "version", asked.parts[0]  # "which" sits on "Harbour"; the phrase's head asks
    asked = answerer.slots.read("Which firmware version does the lens controller run?")
    sentence = parse_all(["The lens controller runs the `stable` firmware channel."])[0]
    assert choose(sentence, asked.parts[0], set(asked.topic)) is None  # code text without a number is no version


def test_an_initial_ends_no_sentence_and_a_graph_answer_must_answer_every_part(answerer):
    assert len(answerer.slots.read("Which record did G. Freeney write?").parts) == 1
    # The graph knows who wrote the review; the question also asks on what date: the passages answer both parts.
    fact = Fact("artifact:IR-7", "Fog signal outage review", "AUTHORED_BY", "person:piet_okonjo", "Piet Okonjo", "IR-7", 2,
                "Author: Piet Okonjo", 1.0, 1)
    question = "Who wrote the Fog signal outage review, on what date?"
    start = question.index("Fog")
    answer = answerer(Retrieval(question, "graphrag", passages=_passages("IR-7b"), facts=[fact],
                                question_pins=["artifact:IR-7"], pinned=["artifact:IR-7"],
                                question_spans=[("artifact:IR-7", start, start + len("Fog signal outage review"))]))
    head = answer.splitlines()[0]
    assert "Piet Okonjo" in head and "2025-06-03" in head, answer


def test_who_is_answered_in_other_words_only_by_what_the_part_asks_not_its_relative_clause(answerer):
    """"Which team committed to repaint …": "LampOps will repaint …" says it without the verb (and LampOps, capitalised
    inside, is a name though the tagger may call it a noun). "Who maintains the service that the tower clocks read
    the weather feed from?": a sentence saying the relative clause names the service, not who maintains it."""
    answer = _answer(answerer, "Which team committed to repaint every tower lantern by borrowing scaffolding from the "
                     "harbour?", "WK-2")
    assert answer.splitlines()[0] == "Answer: LampOps (supported) [WK-2]", answer
    answer = _answer(answerer, "Who maintains the service that the tower clocks read the weather feed from?", "FD-1")
    assert answer_label(answer) == "unknown", answer


def test_a_name_that_says_the_kind_of_a_thing_is_no_person(answerer):
    """"Signalbox" of "the … Signalbox channel" names a channel's kind: it answers no "who"; with nobody else named,
    the question is unknown."""
    answer = _answer(answerer, "Who is the Night Watch manager who updates the rota after shift swaps?", "SK-1")
    assert answer_label(answer) == "unknown", answer


def test_an_identifier_is_a_name_compared_whole(answerer):
    """`ledger_readings` is not the question's "ledger" cut short: it is new to the question, and it answers."""
    answer = _answer(answerer, "Which queue do the lamp ledger writers publish every reading to?", "QU-1")
    assert answer.splitlines()[0] == "Answer: ledger_readings (supported) [QU-1]", answer


def test_a_filler_keeps_the_bracket_it_opens(answerer):
    answer = _answer(answerer, "What is the recovery time objective of the nightly lamp log backup?", "BK-1")
    assert answer.splitlines()[0] == "Answer: 2 working days (best effort) (supported) [BK-1]", answer


def test_a_line_of_a_few_words_under_a_heading_is_that_headings_value(answerer):
    """"**default 90s**" under "Link timeout" says the link timeout's default, though its own words do not: it answers
    that part, with the value it holds (a "what" part whose sentence names no thing is answered by a value)."""
    answer = _answer(answerer, "According to the Lamp Link record, what are the client defaults for the flash interval "
                     "and for the link timeout?", "LK-3", "LK-2", "LK-2b")
    assert answer.splitlines()[0].startswith("Answer: 4 seconds; 90s ("), answer


def test_a_part_that_lists_several_things_is_answered_for_each(answerer):
    """"… in production and staging" asks one value of each: both are answered, from one source. A list the wh-word
    itself determines ("which tower and lamp") asks one thing of both and stays one part."""
    from graphrag_bench.answers.slots import coordinated, distributed

    answer = _answer(answerer, "How long does Quillnet keep the harbour radio logs in production and staging?",
                     "HR-1", "HR-1b")
    assert answer.splitlines()[0] == "Answer: 90 days; 7 days (supported) [HR-1]", answer
    assert coordinated("what are the lamp wattage, the lens maker and the firmware version") == [
        "what are the lamp wattage", "what are the lens maker", "what are the firmware version"]
    assert coordinated("which tower and lamp did the Optics team service") == [
        "which tower and lamp did the Optics team service"]
    assert coordinated("who wrote to Odile and Teodor") == ["who wrote to Odile and Teodor"]  # names: one subject
    # "… of each kind" after a statement listing the kinds: one part for each kind listed.
    assert distributed("How many lamps of each kind does a tower hold",
                       "The trust uses two kinds of lamp: oil lamps and fast-start lamps.") == [
        ("How many lamps of oil lamps does a tower hold", ("oil",)),
        ("How many lamps of fast-start lamps does a tower hold", (stem("fast-start"),))]
    assert distributed("How many lamps of each kind does a tower hold", "") == [
        ("How many lamps of each kind does a tower hold", ())]


def test_a_document_the_question_names_by_its_title_is_a_second_source_of_an_answer_read_elsewhere(answerer):
    """"… on the Lamp Rota" names the rota's page by its title; the answer is read from the crews' page: both are
    cited and the answer is likely (two sources). Without the rota's page in the context, one source states it."""
    question = "Who heads the Quayside crew on the Lamp Rota?"
    answer = _answer(answerer, question, "CRW-1", "SCH-2")
    assert answer.splitlines()[0] == "Answer: Marta Ilves (likely) [CRW-1] [SCH-2]", answer
    assert '[SCH-2] line 2: "The lamp rota sets which crew tends each tower lamp every week."' in answer, answer
    assert _answer(answerer, question, "CRW-1").splitlines()[0] == "Answer: Marta Ilves (supported) [CRW-1]"


def test_a_name_the_document_writes_by_its_initials_is_what_the_document_is_about(answerer):
    """"HRS" in the review is the "Harbour Relay Squad" the question names."""
    answer = _answer(answerer, "On what date did the Harbour Relay Squad restart the relay?", "OR-9")
    assert answer.splitlines()[0] == "Answer: 2025-05-02 (supported) [OR-9]", answer


def test_a_graph_facts_own_sentence_fills_only_what_the_passages_leave_unaddressed(answerer):
    """The sentence a fact was extracted from (another document, reached through the graph) is read after the
    retrieved passages: it does not outrank the passage that answers, though it says more of the question's words,
    and it answers where no passage does."""
    fact = Fact("system:lens_controller", "lens controller", "RELATED_TO", "concept:firmware", "firmware", "FW-1", 7,
                "Keeper Ana Brisk installed the new firmware of the north tower lens controller.", 0.9, 1)
    question = "Who installed the new firmware of the north tower lens controller?"
    assert _answer(answerer, question, "LR-4b", facts=[fact]).splitlines()[0] == "Answer: Optics team (supported) [LR-4]"
    assert "Ana Brisk" in _answer(answerer, question, "LOG-1", facts=[fact]).splitlines()[0]


def test_a_part_that_names_nothing_does_not_start_at_what_a_later_part_names(answerer):
    """"Which crew uses it, and what does the Harbour Relay depend on?": "it" cannot stand for the relay, named only
    after it; the graph, which knows nothing of "it", gives no answer for the first part and so none at all."""
    question = "Which crew uses it, and what does the Harbour Relay depend on?"
    start = question.index("Harbour Relay")
    fact = Fact("system:harbour_relay", "Harbour Relay", "DEPENDS_ON", "system:power_grid", "Power Grid", "HR-9", 3,
                "The Harbour Relay depends on the Power Grid.", 1.0, 1)
    answer = answerer(Retrieval(question, "graphrag", passages=_passages("CRW-1"), facts=[fact],
                                question_pins=["system:harbour_relay"],
                                question_spans=[("system:harbour_relay", start, start + len("Harbour Relay"))]))
    assert "depends on" not in answer.splitlines()[0], answer


def test_a_code_span_is_verbatim_and_its_angle_brackets_are_no_markup(answerer):
    """"`LAMP_<tower>`" is a name template, not an HTML tag to strip: the answer is the whole template."""
    from graphrag_bench.answers.sentences import passage_sentences

    (row,) = passage_sentences("LT-2", 1, "Lamp timers\n| Field | Value |\n|---|---|\n| Timer name | `LAMP_<tower>` <br> |\n", 0)
    assert row.text == "Timer name: `LAMP_<tower>`", row
    table = "Lamp timers\n| Field | Value |\n|---|---|\n| Chunk size | 128k |\n| Timer name | `LAMP_<tower>` |\n"
    answer = answerer(Retrieval("What timer name does a lamp timer use?", "baseline",
                                passages=[Passage("LT-2#1", "LT-2", 1, 5, table, 1.0)]))
    assert answer.splitlines()[0] == "Answer: LAMP_<tower> (supported) [LT-2]", answer


def test_a_table_whose_header_row_is_empty_reads_its_first_row(answerer):
    """"| | |" over "|---|---|" is a header of empty cells, not the line under a header: the row after the line, "Found
    by | Ilse Varro", is the table's first record (it was once taken for the header and lost)."""
    from graphrag_bench.answers.sentences import passage_sentences

    table = "Lamp fault LF-3\n| | |\n|---|---|\n| Found by | Ilse Varro |\n| Fixed by | Tomas Brek |\n"
    (record,) = passage_sentences("LF-3", 1, table, 0)
    assert record.text == "Found by: Ilse Varro; Fixed by: Tomas Brek", record
    answer = answerer(Retrieval("Who found lamp fault LF-3?", "baseline", passages=[Passage("LF-3#1", "LF-3", 1, 5, table, 1.0)]))
    assert answer.splitlines()[0] == "Answer: Ilse Varro (supported) [LF-3]", answer


def test_a_person_of_a_document_called_by_its_title_is_read_in_that_document(answerer):
    """"The Replace Tower Lamps proposal" is LR-9, titled so: its steward is not the owner of the plan's item of the
    same name in another document (the proposal names none: unknown); what its record says is still read there."""
    answer = _answer(answerer, "Who was the steward of the Replace Tower Lamps proposal?", "PLAN-25", "LR-9")
    assert answer_label(answer) == "unknown", answer
    answer = _answer(answerer, "When did the Replace Tower Lamps proposal start?", "PLAN-25", "LR-9")
    assert answer.splitlines()[0] == "Answer: 2025-03-01 (supported) [LR-9]", answer


def test_a_line_of_a_hundred_thousand_brackets_or_tags_is_read_in_linear_time():
    """A crafted line ("[" × 100,000 then "]" × 100,000, or "<a" × 100,000) once held every answer up for minutes (a
    link pattern rescanning to the line's end from each "["); read now in a blink (the alarm fails the test)."""
    import signal

    from graphrag_bench.answers.sentences import passage_sentences
    from graphrag_bench.language.text import clean as clean_value

    def too_slow(*_):
        raise TimeoutError("read in quadratic time")

    previous = signal.signal(signal.SIGALRM, too_slow)
    signal.alarm(10)
    try:
        for line in ("[" * 100_000 + "]" * 100_000, "<a" * 100_000, "[x](y) " * 30_000):
            passage_sentences("BIG", 1, "Big — Notes\n" + line, 0)
            clean_value(line)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def test_a_list_of_short_items_is_read_as_one_line_under_its_heading():
    """"- obi / - tamsin" under "Attendees": names too short to be sentences are kept, together, where the heading
    says what they are; a list item long enough to be a sentence stays one of its own."""
    from graphrag_bench.answers.sentences import passage_sentences

    text = "Lamp review — Attendees\n- obi\n- tamsin\n\n## Actions\n- Replace the cracked lens before winter\n"
    read = [(s.text, s.line, s.context) for s in passage_sentences("LR-7", 1, text, 0)]
    assert read == [("obi; tamsin", 1, "Lamp review — Attendees"),
                    ("Replace the cracked lens before winter", 5, "Lamp review — Attendees")], read


def test_a_part_asking_for_a_document_is_answered_by_the_document_with_its_title(answerer):
    """"Which KR …" asks for one of the documents (their ids say what they are called): an id the sentence gives is
    named with the title of that document; a sentence that gives none answers with its own document."""
    answer = _answer(answerer, "Which KR does the new kiosk rota replace?", "KR-3", "KR-1")
    assert answer.splitlines()[0].startswith("Answer: KR-1 (Old kiosk rota) (supported) [KR-3]"), answer
    answer = _answer(answerer, "Which KR gave each kiosk one keeper?", "KR-1", "KR-3")
    assert answer.splitlines()[0].startswith("Answer: KR-1 (Old kiosk rota) (supported) [KR-1]"), answer


def test_a_graph_facts_sentence_answers_only_from_a_document_that_says_what_the_question_is_most_about(answerer):
    """The question is about the lampwick feed (its rarest word in the context); a fact's sentence from the relay
    notes, which never name the feed, gives a version but is not about it: nothing answers."""
    fact = Fact("system:harbour_relay", "harbour relay", "RELATED_TO", "concept:firmware", "firmware", "LN-9", 4,
                "The harbour relay runs firmware version 3.14.2.", 0.9, 1)
    answer = _answer(answerer, "Which firmware version does the harbour relay run for the lampwick feed?", "LW-2",
                     "RL-5", "RL-6", facts=[fact])
    assert answer_label(answer) == "unknown", answer


def test_a_part_pointing_back_to_a_document_an_earlier_part_named_is_read_in_that_document(answerer):
    """"… and who co-authored that earlier BR": the second part is answered from the document the first part's answer
    names, a second source chained to the first (likely)."""
    answer = _answer(answerer, "Which BR did the Beacon rota supersede, and who co-authored that earlier BR together "
                               "with Ilse Marr?", "BR-3", "BR-1")
    head = answer.splitlines()[0]
    assert head.startswith("Answer: BR-1 (Old beacon rota); Piet Okonjo") and "(likely) [BR-3] [BR-1]" in head, answer


def test_a_document_the_question_names_is_not_the_document_it_asks_for(answerer):
    """"Supersedes: RTA 0007" in the spring rota's record answers "which RTA superseded the winter rota" (0007, named by
    a word of its file name) with the record's own document."""
    answer = _answer(answerer, "Which RTA superseded the winter rota?", "0009-spring-rota.md", "0007-winter-rota.md")
    assert answer.splitlines()[0].startswith("Answer: 0009-spring-rota.md (Spring rota) (supported)"), answer


def test_a_reference_linking_to_a_document_of_its_number_says_what_the_documents_are_called(answerer):
    """"[RTA-0007](…/0007-winter-rota.md)": "RTA" is what the rotas are called even where the winter rota itself is
    not retrieved, so "which RTAs" asks for documents: the record's own, not the address its field gives."""
    answer = _answer(answerer, "Which RTAs supersede RTA-0007?", "0011-summer-rota.md", "0011-summer-rota.mdb")
    assert answer.splitlines()[0] == "Answer: 0011-summer-rota.md (Summer rota) (supported) [0011-summer-rota.md]", answer


def test_who_is_named_to_a_role_is_answered_by_who_holds_it(answerer):
    """"Who is named Harbour Master": the role is what is asked (not "named", which the record's "Name:" says), so the
    record's values, the role itself ("a single Harbour Master") and a thing of the quay's ("the North Quay's
    mission") are no answer: the line the proposal labels with the role is."""
    assert answerer.slots.read("Who is named Harbour Master of the North Quay?").parts[0].asks == (stem("Master"),)
    answer = _answer(answerer, "Who is named Harbour Master of the North Quay?", "QM-1", "QM-1b")
    assert answer.splitlines()[0] == "Answer: Ines Varga (supported) [QM-1]", answer


def test_a_thing_of_someones_is_not_someone(answerer):
    from graphrag_bench.answers.fillers import choose
    from graphrag_bench.language.spacy_pipeline import parse_all

    asked = answerer.slots.read("Who is named Harbour Master of the beacon?")
    sentence = parse_all(["The new beacon fits the Harbour Board's mission."])[0]
    assert choose(sentence, asked.parts[0], set(asked.topic)) is None


def test_a_value_line_is_the_value_of_the_heading_right_above_it(answerer):
    """"**default**: 2" under "Link options › Max flashes out" is that option's default, not the fog buffer's: the
    page gives no default size for the fog buffer, so the answer is unknown."""
    answer = _answer(answerer, "What is the default fog buffer size of the Lamp Link options?", "LK-5", "LK-4")
    assert answer.splitlines()[0].startswith("Answer: unknown (unknown)"), answer


def test_a_clock_times_pieces_are_no_quantity(answerer):
    from graphrag_bench.answers.fillers import choose
    from graphrag_bench.language.spacy_pipeline import parse_all

    asked = answerer.slots.read("For how long was the harbour beacon dark?")
    row = parse_all(["2025-06-01 14:05: The harbour beacon went dark."])[0]
    assert choose(row, asked.parts[0], set(asked.topic)) is None  # not "14" of 14:05
    said = parse_all(["The harbour beacon was dark for forty minutes."])[0]
    assert choose(said, asked.parts[0], set(asked.topic)) == "forty minutes"


def test_a_common_noun_that_only_says_the_asked_noun_again_does_not_name_it(answerer):
    from graphrag_bench.answers.fillers import choose
    from graphrag_bench.language.spacy_pipeline import parse_all

    asked = answerer.slots.read("Which lamp driver did the keepers install, and what was the new name of the flag that "
                                "replaced LampFast?")
    sentence = parse_all(["The new lamp driver used clearer naming, changing one of the flag names from `LampFast` to "
                          "`BeamQuick`."])[0]
    assert choose(sentence, asked.parts[1], set(asked.topic)) == "BeamQuick"  # not "clearer naming"


def test_a_reason_is_the_clause_that_gives_it(answerer):
    """"why" and "on what grounds" ask for a reason: the clause a word of reason opens ("as it was a loan"), else the
    clause after "but"; a part that points back is read in the sentence that answered the part before it."""
    # (the question says little of what the sentence says: the why part is read there as "it" points back to it)
    answer = _answer(answerer, "After the yearly harbour survey the experimental amber lens proposal was dropped. Which "
                     "firmware release had it been planned for, and why was it abandoned?", "LT-3", "LOG-1")
    assert answer.splitlines()[0] == ("Answer: 4.2; outcome was a dimmer beam at sea while costing twice as much "
                                      "(supported) [LT-3]"), answer
    answer = _answer(answerer, "Who removed the spare compressor, and on what grounds?", "LOG-9", "CMP-2")
    assert answer.splitlines()[0] == "Answer: Teodor; it was a loan (supported) [LOG-9]", answer


def test_a_reason_a_sentence_marks_is_given_rather_than_a_sentence_that_only_says_more_of_the_question(answerer):
    """"Why was the 40-flash cap taken off": the sentences saying most of the question ("a cap of 40 flashes per buoy
    lamp", the count joined to what it counts) give no reason; the one that marks it ("As the cap would … silently dim
    the buoy") does."""
    answer = _answer(answerer, "Why was the 40-flash cap taken off the harbour's buoy lamps?", "BC-2", "LOG-1")
    assert answer.startswith("Answer: cap would keep only 40 flashes and silently dim the buoy lamps"), answer


def test_a_sentence_saying_the_asked_verb_negated_answers_what_is_not_so(answerer):
    """"Keepers don't need any training in sailing" answers what a keeper does not need, not what one needs; the
    sentence that says what they require does."""
    answer = _answer(answerer, "What training does a keeper need?", "KT-1", "LOG-1")
    assert answer.startswith("Answer: first-aid"), answer
    answer = _answer(answerer, "What training does a keeper not need?", "KT-1", "LOG-1")
    assert answer.startswith("Answer: sailing"), answer


def test_two_spellings_of_one_name_conflict_and_two_unlike_names_do_not(answerer):
    question = "What is the name of the queue that the signal relay publishes every flash to?"
    answer = _answer(answerer, question, "SQ-1", "SQ-2")
    assert answer_label(answer) == "conflicting", answer
    assert "tower_signals [SQ-1]" in answer.splitlines()[0] and "tower_signal [SQ-2]" in answer.splitlines()[0]
    answer = _answer(answerer, question, "SQ-1", "SQ-3")
    assert answer.splitlines()[0] == "Answer: tower_signals (supported) [SQ-1]", answer


def test_an_answer_document_that_itself_says_what_the_question_names_states_the_whole_answer(answerer):
    """KD-12 names KD-19 as where its duties went; KD-19 says itself that it took them from KD-12, and who moved them:
    one source states every part, so the answer is supported, not a chain of two."""
    answer = _answer(answerer, "Which KD now holds the kiosk duties that used to be in KD-12, and who moved them there?",
                     "KD-12", "KD-19", "MIN-5", "STAFF", "WK-2", "ND-3", "CMP-2")
    assert answer.splitlines()[0] == "Answer: KD-19 (Kiosk duty rota); @marta (supported) [KD-12] [KD-19]", answer


def test_a_second_source_that_adds_a_little_of_the_opening_statement_is_still_a_chain(answerer):
    """The review says nearly all of what the question opens with; only the note says that salt clogs the filter: the
    answer is read through both (likely), however little the second adds."""
    answer = _answer(answerer, "The fog signal compressor fails every June when salt clogs its intake filter. Who "
                     "replaced the filter?", "FOG-3", "SLT-1", "LOG-1")
    assert answer.splitlines()[0] == "Answer: Ilse Marr (likely) [FOG-3] [SLT-1]", answer


def test_words_of_the_opening_statement_no_document_says_do_not_hide_the_chain(answerer):
    """"made far worse by … that has its own write-up" is the question's way of pointing, said by no document: the
    share of the opening statement a second source must state is of what the context says at all."""
    question = ("The quay power loss on 2025-07-02 was made far worse by a pump fault that has its own write-up. "
                "Who drained the engine room?")
    answer = _answer(answerer, question, "PMP-1", "PWR-2", "LOG-1")
    assert answer.splitlines()[0] == "Answer: Ruth Ansel (likely) [PMP-1] [PWR-2]", answer


def test_a_grammar_word_in_common_is_no_second_source(answerer):
    """"himself" is said by the keeper's notes and by the question, and by nothing else: no chain."""
    answer = _answer(answerer, "The north tower lamp was replaced by Teodor Blum himself. On what date was it replaced?",
                     "LOG-1", "SELF-1")
    assert answer.splitlines()[0] == "Answer: 2025-03-02 (supported) [LOG-1]", answer


def test_a_count_word_in_common_is_no_second_source(answerer):
    """"describes two kinds of lamp": how many, said by the horn trials only as "two horns" — no chain through them."""
    answer = _answer(answerer, "The lamp manual describes two kinds of quay lamp. How many tide lamps can a tower hold?",
                     "LMP-4", "HRN-7")
    assert answer.splitlines()[0] == "Answer: 4 tide lamps (supported) [LMP-4]", answer


def test_a_link_whose_text_is_a_bare_number_is_read_with_the_words_of_the_document_it_links_to():
    from graphrag_bench.answers.sentences import clean

    line = ("- Supersedes: [#04](https://example.org/rules/text/0004-kiosk-rules.md) (which was [rota#7]"
            "(https://example.org/rules/pull/7)), see [KD-7](0007-night-rota.md)")
    assert clean(line) == "Supersedes: #04 (kiosk rules) (which was rota#7), see KD-7"


def test_where_is_answered_by_a_place(answerer):
    """"where": what a preposition of place (or direction) takes, not any other span of the sentence."""
    assert _chosen(answerer, "Until when did the keepers log readings by hand, and where do those readings now go?",
                   "Until May 2024 the keepers logged readings by hand for the harbour board; the readings now go to the "
                   "tidebook service in the archive room.", part=1) == "tidebook service"


def test_how_often_is_answered_by_a_frequency_near_the_most_asked_words(answerer):
    """"every Monday" is a frequency (no number in it); of two, the one said of what the part asks about."""
    from graphrag_bench.answers.fillers import choose
    from graphrag_bench.language.spacy_pipeline import parse_all

    asked = answerer.slots.read("How often do they refresh the Quayside environment?")
    sentence = parse_all(["Harbour is refreshed every night, whereas Quayside is refreshed every Monday (a1b2c3)."])[0]
    assert choose(sentence, asked.parts[0], set(asked.topic)) == "every Monday"
    sentence = parse_all(["The Quayside copy is refreshed nightly by the harbour relay."])[0]  # no entity: its shape
    assert choose(sentence, answerer.slots.read("How often do they refresh the Quayside copy?").parts[0], set()) == "nightly"


def test_a_document_the_section_defers_to_answers_which_document_the_earlier_one_defers_to(answerer):
    """"Which SG does it defer to for the rules …": the section that states the rules names another document ("See SG-2
    … for …"); "it" is the grammar the first part answered from, not what is asked."""
    answer = _answer(answerer, "Who wrote the Signal grammar, and which SG does it defer to for the rules that Flash "
                     "Pattern and Flash Pause must follow?", "SG-4", "SG-4b", "LOG-1")
    head = answer.splitlines()[0]
    assert head.startswith("Answer: Ilse Marr; SG-2 "), answer


def test_a_document_answered_by_its_id_is_named_as_the_sentence_writes_it(answerer):
    """Where the context holds the document the sentence refers to, its title is given with its id: as the sentence
    writes the two ("SG-2 Signal Codes"), else in brackets after it."""
    question = ("Who wrote the Signal grammar, and which SG does it defer to for the rules that Flash Pattern and Flash "
                "Pause must follow?")
    head = _answer(answerer, question, "SG-4", "SG-4b", "SG-2").splitlines()[0]
    assert head.startswith("Answer: Ilse Marr; SG-2 Signal Codes ("), head
    head = _answer(answerer, question, "SG-4", "SG-4c", "SG-2").splitlines()[0]
    assert head.startswith("Answer: Ilse Marr; SG-2 (Signal Codes) ("), head


def test_a_letter_unicode_does_not_decompose_is_folded_like_an_accent():
    """"Søren" in a timeline and "Soren" in a question are one word, and one key: not "s" and "ren"."""
    from graphrag_bench.answers.slots import terms_of
    from graphrag_bench.graph.keys import entity_key

    assert terms_of("incident manager (Søren Iversen)") == terms_of("incident manager (Soren Iversen)")
    assert terms_of("Łukasz Błażek, Straße") == terms_of("Lukasz Blazek, Strasse")
    assert entity_key("person", "Søren Iversen") == entity_key("person", "Soren Iversen")


def test_a_number_or_quantifier_opening_a_capitalised_run_is_no_part_of_the_name():
    """"Two RFCs are named 'RFC Process'", "Several Keeper Notes deal with lamps": the count is not a name the
    answer's sentence must be about."""
    from graphrag_bench.answers.slots import named_in

    assert named_in("Two Lamp Reviews are named 'Lens Plan'. Who wrote the one whose status is Accepted?") == (
        "Lamp Reviews", "Lens Plan", "Accepted")
    assert named_in("Several Keeper Notes deal with lamps. Which one names the Harbour Board?")[0] == "Keeper Notes"


def test_a_possessive_apostrophe_opens_no_quote():
    """"that crew's night keepers' attention": the two apostrophes quote nothing (old code: "s night keepers", a name
    every answer's sentence had to be about); a quote after no letter still names ('Lens Plan')."""
    from graphrag_bench.answers.slots import named_in

    assert named_in("Which horn do you sound to get that crew's night keepers' attention?") == ()
    assert named_in("Is 'Lens Plan' the crew's plan?") == ("Lens Plan",)


def test_a_direct_question_is_not_answered_by_the_record_of_a_document_that_only_links_to_what_it_names(answerer):
    """"Who authored the Harbour Beacon Register?": the index that superseded it has an author; the register's own
    passage names none, so nothing states who wrote it. An id the question gives is met by its passage's document."""
    answer = _answer(answerer, "Who authored the Harbour Beacon Register?", "HB-31", "HB-22", "LOG-1", "MIN-5", "IR-7")
    assert answer_label(answer) == "unknown", answer
    # … while its own record does answer for the index.
    assert _answer(answerer, "Who authored the Harbour Beacon Index (HB-31)?", "HB-31", "HB-22", "LOG-1").startswith(
        "Answer: Orla Penn (supported)")


def test_a_part_asking_how_long_is_answered_by_a_span_of_time_not_by_a_count_of_things(answerer):
    """"How long does a session last with the lamp+horn role": "2 hours", not "two keeper roles" (a cardinal counts
    things) from the sentence that says most of the part's words."""
    head = _answer(answerer, "Which keeper crew gets access through gate sign-in, and how long does a session last with the lamp+horn "
                   "role?",
                   "KS-1").splitlines()[0]
    assert head.startswith("Answer: tidewatch; 2 hours (supported)"), head


def test_each_of_several_coordinated_things_is_answered_by_a_sentence_that_says_it(answerer):
    """"the amber and the red flag": two parts (the noun said once for both, a verb the tagger may take for a noun
    before them), each answered by the sentence that says its colour."""
    head = _answer(answerer, "At what readings does a gauge trigger the amber and the red flag?", "TG-1").splitlines()[0]
    assert head.startswith("Answer: more than 5 metres; more than 7 metres (supported)"), head


def test_a_part_asked_of_each_thing_the_statement_names_is_answered_for_each_even_by_anyone(answerer):
    """"The Deputy Keeper and the Tally Clerk … Who may fill each role?": a part for each role the
    statement names (names, not only common nouns), and "Anyone" a person's answer."""
    head = _answer(answerer, "The Deputy Keeper and the Tally Clerk both work the night shift. Who may fill each role?", "NS-1").splitlines()[0]
    assert head.startswith("Answer: trained Harbour Master; Anyone (supported)"), head


def test_an_instruction_opening_with_a_verb_tagged_as_a_name_names_no_one(answerer):
    """"Liaise with pilots of affected vessels": "Liaise" heads its clause and governs a phrase as a verb does (the
    tagger calls it a person's name); it is not whom the response pages."""
    from graphrag_bench.answers.fillers import choose
    from graphrag_bench.language.spacy_pipeline import parse_all

    asked = answerer.slots.read("Who exactly does the HAZ-3 response page?")
    row = parse_all(["Severity: HAZ-3; Typical Response: High-Urgency page to quay crew.; Work on repairs as your top "
                     "priority.; Liaise with pilots of affected vessels to identify cause."])[0]
    assert choose(row, asked.parts[0], set(asked.topic)) != "Liaise"


def test_a_plain_word_of_a_file_name_that_only_the_asking_part_says_describes_the_document_asked_for(answerer):
    """"Which ADR records the decision to move into tide accounts": "tide" of 042-use-tide-accounts.md is what the
    part describes the ADR by, not a document the question names and so excludes (an identifier would be one)."""
    head = _answer(answerer, "ADR 40 sends readers to ADR 39 for the move to the tide platform. Which ADR actually "
                   "records the decision to move into tide accounts?", "040-use-bell-signals", "042-use-tide-accounts"
                   ).splitlines()[0]
    assert head.startswith("Answer: 042-use-tide-accounts"), head


def test_a_part_asking_how_is_answered_by_a_phrase_of_manner_of_its_verb(answerer):
    """"How were moorings split first": "by _hull type" (the phrase "by" hangs on splitting, or on its object), not
    a noun of a sentence that says the verb and no manner ("Shelter")."""
    head = _answer(answerer, "How were moorings split first?", "MP-1").splitlines()[0]
    assert head.startswith("Answer: by _hull type (supported)"), head


def test_a_word_the_question_joins_by_a_hyphen_is_said_by_a_sentence_that_says_its_pieces():
    """"when a tide-count alarm sounds": "alarms sound for the Tide count" says it (its five-letter stem, "tidec", is
    no stem of "tide" or "count"); "alarms sound for the wind speed" does not, nor does "the tide" alone."""
    from graphrag_bench.answers.reader import with_joined
    from graphrag_bench.answers.slots import terms_of

    written = ["Alarms sound for the Tide count.", "Alarms sound for the wind speed.", "Alarms sound at high tide."]
    texts = [set(terms_of(t)) for t in written]
    said = [stem("tide-count") in t for t in with_joined(texts, "Who acts when a tide-count alarm sounds?", written)]
    assert said == [True, False, False]
    assert not any(stem("tide-count") in t for t in texts)
    # … and a word of the question that is a piece of a word the sentence joins: "a high-level knowledge" says "level"
    written = ["Keepers only require a high-level knowledge.", "Keepers only require some knowledge.",
               "Ask the #high-level channel."]  # (a channel's name is a name, not words)
    joined = with_joined([set(terms_of(t)) for t in written], "What level of knowledge does a keeper need?", written)
    assert [stem("level") in t for t in joined] == [True, False, False]
    # … and a count joined to what it counts: "the 40-flash cap" is said by "a cap of 40 flashes"
    written = ["The harbour set a cap of 40 flashes.", "The harbour set a cap of 40 minutes."]
    joined = with_joined([set(terms_of(t)) for t in written], "Why was the 40-flash cap dropped?", written)
    assert [stem("40-flash") in t for t in joined] == [True, False]


def test_a_compound_hyphenated_or_closed_up_is_one_word():
    """"non-lit" and "nonlit" are one word written two ways (a sentence saying "the nonlit beacons" says the question's
    "non-lit beacons" again, nothing new); neither is "lit"."""
    from graphrag_bench.answers.slots import terms_of

    assert terms_of("the non-lit beacons") == terms_of("the nonlit beacons")
    assert stem("non-lit") != stem("lit") and stem("on-call") == stem("oncall")


def test_the_asked_noun_ending_a_hyphenated_word_is_answered_by_that_word(answerer):
    """"What level of knowledge": "a high-level knowledge" (the asked noun joined by a hyphen to its value), not a
    noun the asked one merely names the kind of."""
    from graphrag_bench.answers.fillers import choose
    from graphrag_bench.language.spacy_pipeline import parse_all

    asked = answerer.slots.read("What level of knowledge does a keeper need?")
    sentence = parse_all(["The keepers only require a high-level knowledge of how the lamp works."])[0]
    assert "high-level knowledge" in str(choose(sentence, asked.parts[0], set(asked.topic)))


def test_a_when_part_no_sentence_dates_is_answered_by_its_documents_record_date_and_its_reasons_still_read(answerer):
    """"When did the board decide against ferries": no sentence saying so gives a date; the document's own record does
    ("Date: 2024-03-05"). "What were its main reasons" points back to the decision, not to that date."""
    head = _answer(answerer, "When did the harbour board decide against running ferries to the north quay, and what were "
                   "its main reasons?", "0031-no-ferries.md").splitlines()[0]
    assert head.startswith("Answer: 2024-03-05; ") and "monetary benefit" in head, head


def test_an_acronym_answer_is_given_with_the_one_name_the_context_spells_it_out_by(answerer):
    """"The HM signs the tide log": "Harbour Master (HM)", where the context writes one name with those initials (its
    plural, "Harbour Masters", is the same name)."""
    head = _answer(answerer, "Who signs the tide log each night?", "TL-1", "TL-2").splitlines()[0]
    assert head.startswith("Answer: Harbour Master (HM) (supported)"), head
    head = _answer(answerer, "Who signs the tide log each night?", "TL-1").splitlines()[0]
    assert head.startswith("Answer: HM (supported)"), head


def test_a_list_item_nested_below_a_name_answers_only_a_question_that_names_it(answerer):
    """"- Gullport" ⏎ "  - Handover lasts 30 minutes" is Gullport's handover, not the rota's."""
    head = _answer(answerer, "Under the watch rota, how long does a handover last?", "WR-1b", "WR-1").splitlines()[0]
    assert head.startswith("Answer: 15 minutes (supported)"), head
    head = _answer(answerer, "How long does the handover last at Gullport?", "WR-1b", "WR-1").splitlines()[0]
    assert head.startswith("Answer: 30 minutes (supported)"), head


def test_a_field_labelled_otherwise_does_not_answer_for_a_word_the_context_uses_as_a_label_of_its_own(answerer):
    """The vocabulary counts "custodian" a word for owning, so "Owner: Maren Holt" answers "who is the custodian" —
    unless the context itself labels a custodian ("Custodian: the one who signs off …"): then the owner is another
    role, in the passages and in a graph fact read from the owner's field alike."""
    question = "Who is the custodian of the Brinecliff Light?"
    assert _answer(answerer, question, "BL-2").startswith("Answer: Maren Holt (supported)")
    assert answer_label(_answer(answerer, question, "BL-2", "KP-1")) == "unknown"
    # (nor is a name under the light's heading the custodian: the light is what the question names, not what it asks)
    assert answer_label(_answer(answerer, question, "BL-2", "BL-2b", "KP-1")) == "unknown"
    owner = Fact("person:maren_holt", "Maren Holt", "OWNS", "system:brinecliff_light", "Brinecliff Light", "BL", 12,
                 "- Owner: Maren Holt", 1.0, 1)
    start = question.index("Brinecliff Light")
    spans = [("system:brinecliff_light", start, start + len("Brinecliff Light"))]
    for passages, said in ((("BL-2",), True), (("BL-2", "KP-1"), False)):
        answer = answerer(Retrieval(question, "graphrag", passages=_passages(*passages), facts=[owner],
                                    pinned=["system:brinecliff_light"], question_pins=["system:brinecliff_light"],
                                    question_spans=spans))
        assert ("Maren Holt" in answer) == said, answer
    # The owner's own word still answers.
    assert _answer(answerer, "Who is the owner of the Brinecliff Light?", "BL-2", "KP-1").startswith(
        "Answer: Maren Holt (supported)")


def test_a_part_asking_about_a_thing_a_clause_describes_reads_which_thing_first_and_chains_two_sources(answerer):
    """"Who maintains the cell that Gullwhistle depends on": which cell (the power map), then who maintains it (the crew
    list): two sources chained, both quoted."""
    answer = _answer(answerer, "Who maintains the cell that Gullwhistle depends on for night power?", "PM-3", "CR-9")
    assert answer.splitlines()[0] == "Answer: Ines Calder (likely) [PM-3] [CR-9]", answer
    assert "Saltpan Cell for its night power" in answer and "Ines Calder maintains" in answer, answer


def test_a_thing_named_as_what_is_asked_is_read_first_and_a_relation_the_other_way_round_is_no_answer(answerer):
    """"What does the berth store chosen in HR-5 depend on": the store is Quill7 ("use Quill7 as the harbor berth
    store": an "as" phrase calls it so), and what Quill7 depends on is Tern Relay — not the Pilot Board, which depends
    on Quill7."""
    answer = _answer(answerer, "What does the berth store chosen in HR-5 depend on?", "HR-5", "NEEDS")
    assert answer.splitlines()[0].startswith("Answer: Tern Relay ("), answer
    assert "Quill7 as the harbor berth store" in answer, answer


@pytest.mark.parametrize("question, nested", [
    ("Who owns the system that the Gateway depends on?", True),
    ("What does the database chosen in DR-4 depend on?", True),  # a participle's clause
    ("Which plan made the decision that every tower gets its own keeper?", False),  # what the decision holds
    ("What is the name of the exchange that Quillnet publishes to?", False),  # the thing itself is asked
    ("Who wrote the record that defines it?", False),  # nothing named to start from
    ("Who updates the rota that keepers follow?", False),
])
def test_a_clause_describing_a_thing_by_another_it_names_nests_a_question(answerer, question, nested):
    part = answerer.slots.read(question).parts[0]
    assert bool(part.nested[0]) == nested, part.nested


def test_an_identifier_is_compared_whole_and_a_sentence_naming_another_of_its_kind_is_about_that_other():
    """"ADR-002" is not "ADR-001", nor "2023H1" "2023H2"; a record id with two numbers is named whole."""
    assert stem("ADR-002") != stem("ADR-001") and stem("2023H1") != stem("2023H2")
    assert named_in("Who led the response to PIR-2025-03?") == ("PIR-2025-03",)


def test_a_sentence_naming_another_record_of_the_kind_the_question_names_does_not_answer_it(answerer):
    """"Fixes: FR-2025-03" is about another fog report than FR-2025-04: the report's own fix answers."""
    answer = _answer(answerer, "Which change fixed FR-2025-04?", "CL-1b", "CL-1", "FR-2025-04")
    assert answer.splitlines()[0] == "Answer: CH-9 (supported) [FR-2025-04]", answer


def test_a_name_written_with_initials_is_one_name():
    """"G. Freeney" is a name, not "G" and a sentence break."""
    assert named_in("Which incident report did G. Freeney write?") == ("G. Freeney",)
    assert named_in("Which review did J. R. Okafor sign?") == ("J. R. Okafor",)


def test_a_part_asked_of_each_listed_kind_is_answered_only_by_a_sentence_about_that_kind(answerer):
    """"How many boats of each kind may a berth hold": each kind's limit is read under its own heading; where the
    context holds only the schooners' limit, the dinghies' part is not answered by it, and "the first boat" (an
    ordinal) counts nothing."""
    question = "The quay takes two kinds of boat: dinghies and schooners. How many boats of each kind may a berth hold " \
               "at any time?"
    head = _answer(answerer, question, "QY-1b", "QY-1").splitlines()[0]
    assert head.startswith("Answer: 6 boats; 2 boats (supported)"), head
    asked = answerer.slots.read(question)
    assert [p.each_of for p in asked.parts] == [(stem("dinghies"),), (stem("schooners"),)]
    retrieval = Retrieval(question, "baseline", passages=_passages("QY-1b", "QY-2"))
    read = answerer.passages.read(asked, context_sentences(retrieval))
    assert [(a.part.each_of, str(a.filler)) for a in read] == [((stem("schooners"),), "2 boats")], read
    # (an ordinal counts nothing)
    assert answer_label(_answer(answerer, "How many boats does the harbour master meet?", "QY-2")) == "unknown"


def test_a_document_is_named_by_its_records_name_and_its_record_linking_the_named_one_is_one_source(answerer):
    """A record opening "Name: Neap Tide Rules" names its document so, whatever its file name's words; its
    "Supersedes: TT 0012" states its link to the table the question names: one source (supported), not a chain."""
    answer = _answer(answerer, "Which TT superseded the Spring Tide Table?",
                     "0014-tide-rules.md", "0012-tide-table.md")
    head = answer.splitlines()[0]
    assert head.startswith("Answer: 0014-tide-rules.md (Neap Tide Rules) (supported)"), answer


def test_a_nested_clause_is_answered_only_by_a_sentence_that_says_it(answerer):
    """"Who authored the plan that created that crew": a sentence naming the crew "per PLAN 9" does not say which plan
    created it, so its document is not that plan, and its record's author is not the answer."""
    answer = _answer(answerer, "Which crew tends the Gull Light, and who authored the plan that created that crew?",
                     "GU-1", "GU-1b")
    assert "Odile Varga" not in answer.splitlines()[0] and answer.startswith("Answer: Brannock Crew"), answer


def test_a_nested_question_s_document_says_its_own_name_in_every_sentence(answerer):
    """"Who authored the RFC that created that crew": the RFC is 0017-new-subteam-proposal.md ("This RFC proposes the
    creation of a Brannock Crew"), and the question is then asked of it by its file name, whose words its record
    ("Name: New Sub-Team; … Author(s): @marit, @ovarga") does not say, among records that all say "Author(s)": a
    sentence of that document says its document, and the record answers."""
    answer = _answer(answerer, "Which crew will tend the officially supported harbour lights of the Gull Light station, "
                     "and who authored the RFC that created that crew?", "0041-gull-light-crews.md",
                     "0017-new-subteam-proposal.md", "0017-new-subteam-proposal.mdb", "0052-lamp-rota.md",
                     "0041-gull-light-crews.mdb", "0052-lamp-rota.mdb")
    head = answer.splitlines()[0]
    assert head.startswith("Answer: Brannock") and "@marit, @ovarga" in head, answer


def test_a_line_of_fields_says_them_of_its_own_document(answerer):
    """"Who authored the Quay Gate plan (QP-22)?": QP-30's "Author(s): Ines Brandt" is its own author, although QP-30
    mentions QP-22 elsewhere; QP-22 says no author, so the question is not answered."""
    answer = _answer(answerer, "Who authored the Quay Gate plan (QP-22)?", "QP-30b", "QP-30", "QP-22")
    assert "Ines Brandt" not in answer and answer_label(answer) == "unknown", answer


def test_a_nested_question_s_document_is_read_in_the_facts_it_brings(answerer):
    """"Who authored the charter that created that crew": the charter is CHARTER-7 ("proposes the creation of a
    Brannock Crew"), and its author is what the graph's fact of CHARTER-7's record says, although CHARTER-7 never says
    the Gull Light the question is most about (a fact's sentence of such a document is otherwise set aside as a hub's
    neighbour's)."""
    fact = Fact("charter:CHARTER-7", "CHARTER-7", "AUTHORED_BY", "person:marit", "@marit", "CHARTER-7", 2,
                "Author(s): @marit, @ovarga", 1.0, 1)
    answer = _answer(answerer, "Which crew tends the Gull Light, and who authored the charter that created that crew?",
                     "GU-2", "CHARTER-7", "CHARTER-8", facts=[fact])
    assert answer.splitlines()[0].startswith("Answer: Brannock"), answer
    assert "@marit, @ovarga" in answer.splitlines()[0], answer


def test_what_another_part_s_verb_takes_answers_that_part_and_a_bracketed_value_is_its_noun_s(answerer):
    """"What was the watchdog timeout when the outage began, and what was it raised to?": "raised to 45 seconds" is
    what the second part asks, so the first reads the timeout's value where it is given, in brackets beside it."""
    answer = _answer(answerer, "What was the beacon watchdog timeout when the outage began, and what was it raised to "
                     "as a stopgap?", "BEAM-1")
    assert answer.splitlines()[0].startswith("Answer: 15s; 45 seconds (supported) [BEAM-1]"), answer


def test_a_span_is_never_a_piece_of_a_hyphenated_word():
    """The tokenizer splits "sub-team" into three tokens and a noun chunk may stop inside it: "The Lantern sub" is no
    span of the sentence, "The Lantern sub-team" is."""
    from graphrag_bench.answers.fillers import candidates
    from graphrag_bench.answers.slots import AskedPart
    from graphrag_bench.language.spacy_pipeline import parse_all

    doc = parse_all(["The Lantern sub-team will follow the same rota as other sub-teams."])[0]
    part = AskedPart(text="what will they follow", wh="what", slot="thing", noun="", plural=False, terms=("follo",),
                     points_back=False, predicate=("follo",), phrase="will they follow", asks=("follo",))
    texts = {c.text for c in candidates(doc, part)}
    assert "The Lantern sub-team" in texts and "other sub-teams" in texts, texts
    assert not any(t.endswith(" sub") or t in ("team", "teams") for t in texts), texts


def test_which_records_relate_to_a_name_is_answered_by_the_records_names(answerer):
    """"Which systems depend on Quaybus?": the rows whose upstream (the asked relation, by meaning) holds Quaybus are
    what depends on it; their names answer, each row quoted, not the other values of those rows."""
    answer = _answer(answerer, "Which systems depend on Quaybus?", "CAT-1")
    names, _, rest = answer.splitlines()[0].removeprefix("Answer: ").partition(" (")
    assert sorted(names.split(", ")) == ["Beacon Console", "Tide Ledger"] and rest == "supported) [CAT-1]", answer
    # What a row's own name relates to is the value of its field: "what does the Tide Ledger depend on".
    answer = _answer(answerer, "What does the Tide Ledger depend on?", "CAT-1")
    assert answer.splitlines()[0].startswith("Answer: Quaybus"), answer


def test_a_row_the_graph_brings_from_many_documents_weighs_as_one_sentence():
    """A template's row ("| Author | @quorra |", however each document spaces it) that graph facts bring from every
    document using it is one thing said, not a word made common: how much "author" weighs for "who authored the earlier rota" does not depend on how many
    rotas the facts came from."""
    from graphrag_bench.answers.reader import ContextWords
    from graphrag_bench.answers.sentences import Sentence

    said = [Sentence("Date: 2024-03-01; Author: @quorra; Status: Approved", "ROTA-3", 4, "Lamp rota", 0),
            Sentence("The winter rota replaces the earlier lamp rota.", "ROTA-9", 7, "Winter rota", 1),
            Sentence("Each keeper logs the lamp hours in the book.", "ROTA-9", 9, "Winter rota", 2)]
    # (each document spaces its table as its writer did: "|Author  |@quorra|" is the same row)
    rows = [Sentence("|" + " " * (n % 3) + "Author" + " " * n + "| @quorra |", f"ROTA-{n}", 3, f"Rota {n}", 9,
                     from_fact=True) for n in range(1, 8)]
    author = stem("authored")
    assert ContextWords(said + rows).rarity(author) == ContextWords(said + rows[:1]).rarity(author)
    assert ContextWords(said + rows[:1]).rarity(author) < ContextWords(said).rarity(author)  # said twice: commoner


def test_a_part_pointing_back_is_answered_by_what_the_earlier_answer_did_not_by_the_earlier_answer_again(answerer):
    """"What did Quillchart replace, and what had that older tool itself replaced": the second answer is what tidepress
    replaced (the next sentence of its paragraph, "That, in turn, replaced …"), not tidepress named again ("the old
    tidepress scripts") nor a thing of the sentence where tidepress is what was replaced."""
    answer = _answer(answerer, "What did the Quillchart service replace, and what had that older tool itself replaced?",
                     "CH-3")
    assert answer.splitlines()[0].startswith("Answer: tidepress; chartmill (supported)"), answer


def test_a_part_pointing_to_what_the_opening_statement_introduces_is_read_in_the_document_its_sentence_names(answerer):
    """"The tower log names a plan as prior work … who authored that earlier plan": the sentence stating the opening
    statement names PLAN-3, and PLAN-3's record answers — not the first of six plan records alike in every word the
    question says ("earlier" points; it is no word the record must hold)."""
    authors = ["Ilse Marr", "Piet Okonjo", "Odile Varga", "Teodor Blum", "Marta Ilves", "Ines Calder"]
    passages = [Passage("LOG-2#3", "LOG-2", 3, 3, "Tower log — Prior work\nThe tower log's lamp tracking builds on "
                        "PLAN-3, which first tracked lamp hours.", 1.0)]
    passages += [Passage(f"PLAN-{n}#1", f"PLAN-{n}", 1, 3, f"Plan {n} — Meta\n- Date: 2024-0{n}-01\n- Author: {who}\n"
                         "- Status: Approved\n", 0.9 - n / 100) for n, who in enumerate(authors, start=1)]
    question = "The tower log names a plan as prior work on lamp tracking. Who authored that earlier plan?"
    answer = answerer(Retrieval(question, "bm25", passages=passages))
    assert answer.splitlines()[0].startswith("Answer: Odile Varga (likely) [PLAN-3] [LOG-2]"), answer


def test_a_number_is_given_with_the_noun_it_counts(answerer):
    """"60 usable radio channels", not "60 usable": the noun the number counts (its parse) is its unit."""
    answer = _answer(answerer, "How many channels does the quay's radio subnet give the keepers?", "QY-4")
    assert answer.splitlines()[0].startswith("Answer: 60 usable radio channels (supported)"), answer


def test_a_prefix_length_is_a_size(answerer):
    """"What size was each radio subnet, and how many usable radio channels did it give": the first part's answer is
    the size the sentence says the subnet is, "/26" (a network's prefix length, which no number shape read: the part
    took the second part's "60 usable radio channels" and left that one unanswered)."""
    answer = _answer(answerer, "What size was each quay's radio subnet, and how many usable radio channels did it give?",
                     "QY-4")
    assert answer.splitlines()[0].startswith("Answer: /26; 60 usable radio channels (supported)"), answer


def test_a_part_asking_what_a_document_says_is_asked_by_the_reported_verb(answerer):
    """"Which crew does the winter plan say will repaint the lanterns": the plan is where it is said; repainting is
    what is asked. The plan's record (its author) says nothing of repainting; the sentence that says who repaints
    answers."""
    passages = [Passage("WP-1#1", "WP-1", 1, 4, "Winter plan — Meta\n- Name: Winter plan\n- Author: Odile Varga\n"
                        "- Status: Approved\n", 1.0),
                Passage("WP-1#2", "WP-1", 6, 7, "Winter plan — Works\nThe Lamp Crew will repaint every lantern before "
                        "the storms.", 0.9)]
    question = "Which crew does the winter plan say will repaint the lanterns?"
    answer = answerer(Retrieval(question, "bm25", passages=passages))
    assert answer.splitlines()[0].startswith("Answer: Lamp (supported) [WP-1]"), answer  # (the asked noun, "Crew", is said)
    assert asked_words(question) == (stem("repaint"),)
    assert asked_words("Who does the keepers' log say replaced the lamp?") == (stem("replaced"),)
    assert asked_words("Who said the lamp was replaced?") == (stem("said"),)  # the asked one is who says it


def test_the_one_of_things_the_opening_statement_names_is_read_among_them(answerer):
    """"Two plans are named 'Lamp Rota'. Who authored the one whose status is Approved?": the one is one of the two
    Lamp Rota plans, not the best-ranked record of any approved plan."""
    records = [("FD-2", "Fog drills", "Odile Varga", "Approved"), ("QY-3", "Quay lights", "Teodor Blum", "Approved"),
               ("LR-1", "Lamp Rota", "Ilse Marr", "Superseded"), ("LR-2", "Lamp Rota", "Piet Okonjo", "Approved")]
    passages = [Passage(f"{doc}#1", doc, 1, 4, f"{name} — Meta\n- Name: {name}\n- Author: {who}\n- Status: {status}\n",
                        1.0 - n / 10) for n, (doc, name, who, status) in enumerate(records)]
    question = "Two plans are named 'Lamp Rota'. Who authored the one whose status is Approved?"
    answer = answerer(Retrieval(question, "bm25", passages=passages))
    assert answer.splitlines()[0].startswith("Answer: Piet Okonjo (supported) [LR-2]"), answer


def test_what_the_named_thing_did_does_not_answer_who_did_something_to_it(answerer):
    """"Who authored the Client-Side Tide Registry plan (PLAN-12)?": "the JSON structure proposed by PLAN-12" says what
    the plan proposed (the passive's agent is the plan), not who authored it; nothing else says: unknown."""
    passages = [Passage("PLAN-14#2", "PLAN-14", 5, 6, "Tide clocks — Motivation\nThe [Client-Side Tide Registry plan "
                        "(0012)](plans/0012-client-side-tide-registry.md) established two commands.\n\nThis proposal "
                        "corrects the JSON structure proposed by PLAN-12.", 1.0)]
    answer = answerer(Retrieval("Who authored the Client-Side Tide Registry plan (PLAN-12)?", "bm25", passages=passages))
    assert answer.splitlines()[0].startswith("Answer: unknown (unknown)"), answer


def test_a_number_said_with_a_documents_title_names_that_document(answerer):
    """"Supersedes: #03 (lamp rota) (which was rota#9)": number 3 with the title "lamp rota" is 0003-lamp-rota.md, the
    one document of the context that has both (0009 has the other number, not the title; "PLAN 0009" shows the
    documents are called plans)."""
    passages = [Passage("0012#1", "0012-fog-drills.md", 1, 5, "fog drills — Meta\n- Name: Fog Drills\n- Author(s): @ilse\n"
                        "- Status: Approved\n- Supersedes: #03 (lamp rota) (which was rota#9)\n", 1.0),
                Passage("0003#2", "0003-lamp-rota.md", 8, 9, "lamp rota — Summary\nEach keeper takes a night on the lamp; PLAN 0009 "
                        "covers the quay.",
                        0.8),
                Passage("0009#2", "0009-quay-lights.md", 8, 9, "quay lights — Summary\nThe quay lights are checked "
                        "weekly.", 0.7)]
    answer = answerer(Retrieval("Which plan does Fog Drills list as superseded?", "bm25", passages=passages))
    assert answer.splitlines()[0].startswith("Answer: 0003-lamp-rota.md (lamp rota)"), answer


@pytest.mark.parametrize("other, said", [("foghorn", "no — #lamp-crew-team"), ("beacon", "yes — #lamp-crew")])
def test_is_it_the_same_compares_the_earlier_answer_with_what_the_other_page_states(answerer, other, said):
    """", and is it the same channel that owns the X page?" is a question of its own: which channel owns the X page,
    compared with the first answer; each value explicit in its own page, so the answer is supported, both cited."""
    question = f"Which channel owns the lamp jump box page, and is it the same channel that owns the {other} store page?"
    assert answerer.slots.read(question).parts[1].same_as == f"which channel owns the {other} store page"
    page = {"foghorn": "OW-2", "beacon": "OW-3"}[other]
    head = _answer(answerer, question, "OW-1", page).splitlines()[0]
    assert head == f"Answer: #lamp-crew; {said} (supported) [OW-1] [{page}]", head
    # (with no first answer there is nothing to compare: the yes/no is not read from some other statement)
    head = _answer(answerer, question, page).splitlines()[0]
    assert said.split(" — ")[0] + " —" not in head, head


def test_one_word_of_the_opening_statement_in_common_is_no_second_source_unless_it_restates_it(answerer):
    """The crane page says all of the opening statement but "gauge"; the store note says "gauge" too, and of the rest
    only the crane and its nets: one word added by a sentence about something else is chance, not a chain (it was
    "likely"). A note that adds one word and restates the statement still is one (the fog signal test)."""
    question = "The quay crane lifts the nets at high tide when the gauge reads high. Who serviced the crane?"
    answer = _answer(answerer, question, "CRN-1", "GAU-2")
    assert answer.splitlines()[0] == "Answer: Oskar Lind (supported) [CRN-1]", answer


def test_a_second_source_adding_only_the_opening_statements_verbs_is_no_chain(answerer):
    """"starting on the day …" tells how the statement is told; the survey page's "started at noon" says nothing of
    the radio or the buoys (it was "likely" through it, as "started" is said once in the context). The drift report,
    which says what the statement tells of the buoys, still is a second source."""
    question = "The harbour radio went silent starting on the day two buoys drifted loose. Who repaired the radio?"
    answer = _answer(answerer, question, "RAD-1", "MST-2")
    assert answer.splitlines()[0] == "Answer: Nils Ek (supported) [RAD-1]", answer
    answer = _answer(answerer, question, "RAD-1", "MST-2", "DRF-1")
    assert answer.splitlines()[0] == "Answer: Nils Ek (likely) [RAD-1] [DRF-1]", answer


def test_a_field_labelled_as_asked_answers_a_long_question_whose_other_words_it_does_not_say(answerer):
    """"Watch Lead: Ida Brandt" says what the part asks, of the crews the proposal names; the question's other words
    ("named", "recorded by the clerk in the harbour minutes") weigh most of it, and no other line says them with the
    watch lead: the field line addresses it (it was "unknown")."""
    question = ("Who is named Watch Lead of the Boat Crew in the Merge Lamp Crew with Boat Crew proposal recorded by "
                "the clerk in the harbour minutes?")
    answer = _answer(answerer, question, "MRG-1", "LOG-1", "MIN-5", "CRW-1")
    assert answer.splitlines()[0] == "Answer: Ida Brandt (supported) [MRG-1]", answer


def test_a_compound_name_of_the_opening_statement_no_sentence_says_keeps_a_general_page_from_stating_it(answerer):
    """"the north-quay tide-gauge alarm" is what the statement is about; no sentence of the context says its names, so
    the alarm page, which says what any alarm does, does not state it: no chain. Written as plain words, the names are
    the question's own way of saying it, like "made worse", and the page states what the context can."""
    answer = _answer(answerer, "The north-quay tide-gauge alarm pages the duty keeper. Who serviced the crane?",
                     "CRN-1", "ALM-1")
    assert answer.splitlines()[0] == "Answer: Oskar Lind (supported) [CRN-1]", answer
    answer = _answer(answerer, "The north quay tide gauge alarm pages the duty keeper. Who serviced the crane?",
                     "CRN-1", "ALM-1")
    assert answer.splitlines()[0] == "Answer: Oskar Lind (likely) [CRN-1] [ALM-1]", answer


def test_a_value_after_the_asked_noun_and_of_is_that_nouns_value(answerer):
    """"the default of 300 seconds" answers "what delay default": the value said right after the asked noun and "of"
    is its value, not the names of the sentence ("Revert", "PLBs")."""
    question = "What lamp-cooling delay default did the lamp outage review's action items say to go back to?"
    answer = _answer(answerer, question, "ACT-2")
    assert answer.splitlines()[0] == "Answer: 300 seconds (supported) [ACT-2]", answer


def test_a_value_in_brackets_after_a_word_of_the_asked_noun_is_that_nouns_value(answerer):
    """"the previous version of the lamp firmware (`4.1.2`)" answers "which Lens Driver lamp firmware version": the
    bracket follows a word of the asked noun, code quotes and all, however far it is from the words the question asks
    by ("rolled back"); not "2.3", the driver's own, next to "Lens Driver"."""
    answer = _answer(answerer, "To which Lens Driver lamp firmware version did the team roll back?", "RB-7")
    assert answer.splitlines()[0] == "Answer: 4.1.2 (supported) [RB-7]", answer


def test_each_part_is_answered_by_a_sentence_about_what_it_asks_not_by_the_one_that_answered_the_other(answerer):
    """"… and what mode should that key have": "that key" says which key (the one the first part's sentence is
    about), not what the part asks; the sentence about a mode, compared with this part rather than with the whole
    question, answers it, with the value it sets the mode "as", not "the default"."""
    answer = _answer(answerer, "Which vault secret holds the key that opens the north boathouse, and what mode should "
                               "that key have?", "KB-1")
    assert answer.splitlines()[0] == "Answer: harbour/boat/key; beam:read (supported) [KB-1]", answer


def test_a_thing_the_asked_noun_names_the_kind_of_is_no_value_of_it(answerer):
    """"the Mode heading" is a heading, not a mode: no answer to "what mode should the key have"."""
    from graphrag_bench.answers.fillers import choose
    from graphrag_bench.language.spacy_pipeline import parse_all

    asked = answerer.slots.read("What mode should the boathouse key have?")
    sentence = parse_all(["Ensure that the Mode heading is ticked."])[0]
    assert choose(sentence, asked.parts[0], set(asked.topic)) is None


@pytest.mark.parametrize("question, sentence, value", [
    ("What colour should the boathouse key have?", "Leave the default Colour as `beam:read`.", "beam:read"),
    ("What was the lamp timeout raised to?", "The keepers raised the lamp timeout to 30 seconds.", "30 seconds"),
])
def test_a_value_the_asked_noun_is_set_as_or_to_is_that_nouns_value(answerer, question, sentence, value):
    """"the Colour as `beam:read`", "the lamp timeout to 30 seconds": the value right after the asked noun and "as" or
    "to" is its value, however the parser hangs the phrase (not "the default", not "keepers")."""
    from graphrag_bench.answers.fillers import choose
    from graphrag_bench.language.spacy_pipeline import parse_all

    asked = answerer.slots.read(question)
    assert choose(parse_all([sentence])[0], asked.parts[0], set(asked.topic)) == value


BEAM_LEVELS = """Beam levels — Beam levels
Lamps are classed by beam level.

<table class="levels">
  <thead>
    <tr>
      <th>Level</th>
      <th>Meaning</th>
      <th>Usual action</th>
    </tr>
  </thead>
  <tbody>
    <tr>
      <td class="b1">BEAM-1</td>
      <td>
        <p>The lamp is dark.</p>
        <ul><li>No light at all.</li></ul>
      </td>
      <td>
        <p>Call the keeper.</p>
        <ul><li>Run <code>!keeper call</code>.</li></ul>
    </tr>
    <tr>
      <td class="b2">BEAM-2</td>
      <td>The lamp flickers.</td>
      <td>Log a repair ticket.</td>
    </tr>
  </tbody>
</table>
"""


def test_an_html_table_is_read_row_by_row_with_its_header_even_where_a_cell_is_left_open():
    """A site generator's page writes its tables in HTML: each row is read as a Markdown table's row is, its cells'
    paragraphs and items joined, code kept in code quotes; a row whose last cell is never closed ends at "</tr>"."""
    from graphrag_bench.answers.sentences import passage_sentences

    rows = {s.line: s.text for s in passage_sentences("BL-1", 1, BEAM_LEVELS, 0) if s.text.startswith("Level:")}
    assert rows == {
        12: "Level: BEAM-1; Meaning: The lamp is dark.; No light at all.; Usual action: Call the keeper.; Run "
            "`!keeper call`.",
        22: "Level: BEAM-2; Meaning: The lamp flickers.; Usual action: Log a repair ticket."}


def test_a_value_of_an_html_tables_row_answers_what_its_column_asks(answerer):
    answer = answerer(Retrieval("What is the usual action for a BEAM-2 lamp?", "baseline",
                                passages=[Passage("BL-1#1", "BL-1", 1, 30, BEAM_LEVELS, 1.0)]))
    assert answer.splitlines()[0].startswith("Answer: Log a repair ticket"), answer


def test_a_part_asked_of_several_of_a_numbered_series_is_asked_of_each_and_listed_names_stay_one_subject(answerer):
    """"for a BEAM-1 and a BEAM-2": the same question of two levels, each answered from its own row; "Ilse and Piet"
    are one subject."""
    from graphrag_bench.answers.slots import coordinated

    assert coordinated("who wrote BR-1 and BR-3") == ["who wrote BR-1", "who wrote BR-3"]
    assert coordinated("what did Ilse and Piet decide") == ["what did Ilse and Piet decide"]
    answer = answerer(Retrieval("What is the usual action for a BEAM-1 and a BEAM-2?", "baseline",
                                passages=[Passage("BL-1#1", "BL-1", 1, 30, BEAM_LEVELS, 1.0)]))
    assert answer.splitlines()[0].startswith("Answer: Call the keeper; Log a repair ticket (supported)"), answer


KEEPER_ROLES = """Harbour roles — Lamp Warden
The lamp warden keeps the harbour lamps lit through the night and logs every outage.

Harbour roles — Lamp Warden › Who are they?
Any member of the Quay Crew with a night pass.

Harbour roles — Steps for Lamp Warden
1. Decide whether the fog horn is needed, and tell the Harbour Master.
1. Log the outage in the lamp book.
"""


def _keeper_passages() -> list[Passage]:
    out, line = [], 1
    for block in KEEPER_ROLES.strip().split("\n\n"):
        out.append(Passage(f"HR-1#{line}", "HR-1", line, line + block.count("\n"), block, 1.0))
        line += block.count("\n") + 2
    return out


def test_a_section_under_a_heading_that_asks_who_answers_who_of_the_thing_above_it(answerer):
    """"Who are they?" under "Lamp Warden": its sentence answers "who can be the lamp warden", whatever its words."""
    answer = answerer(Retrieval("Who can serve as lamp warden?", "baseline", passages=_keeper_passages()))
    assert answer.splitlines()[0].startswith("Answer: Quay Crew (supported)"), answer


def test_who_does_what_an_instruction_says_is_the_one_its_section_is_for(answerer):
    """"Steps for Lamp Warden › Decide whether the fog horn is needed …": the lamp warden decides (not the Harbour
    Master, whom the warden tells)."""
    answer = answerer(Retrieval("Who decides whether the fog horn is needed?", "baseline", passages=_keeper_passages()))
    assert answer.splitlines()[0].startswith("Answer: Lamp Warden (supported)"), answer


FERRY_ROLES = [
    Passage("HG-1#1", "HG-1", 1, 2, "Harbour guide — Welcome\nThis guide helps the crews of Saltmere Harbour take up "
            "their roles one at a time.", 1.0),
    Passage("HG-1#3", "HG-1", 3, 4, "Harbour guide — What comes next? › Start adding other roles.\nOnce a tally clerk is "
            "in place, start adding other roles. We recommend a Ferry Liaison as the next one you include.", 1.0),
    Passage("HR-2#6", "HR-2", 6, 7, "Harbour roles — Ferry Liaison › What is it?\nA person at Saltmere Harbour who "
            "speaks with ferry passengers, directly or through public notices.", 0.95),
    Passage("HR-2#10", "HR-2", 10, 13, "Harbour roles — Ferry Liaison › What are the responsibilities?\n1. Drafting "
            "Saltmere Harbour notices when needed, either when asked by the Harbourmaster or at own initiative\n1. Post any public "
            "notices of Saltmere Harbour regarding the closure (Mastodon, QuayBoard, etc) once approved by the Harbourmaster", 0.9),
    Passage("HR-2#16", "HR-2", 16, 17, "Harbour roles — Ferry Liaison › Who are they?\nAny member of the Quay Crew can "
            "act as a ferry liaison.", 0.8),
]


def test_where_a_sentence_lists_names_in_brackets_after_what_goes_there_the_list_answers_where(answerer):
    """"Post any public notices … (Mastodon, QuayBoard, etc)": no preposition of place says where, the names listed
    in brackets do (old code: no place, and "own initiative" from the sentence before)."""
    answer = answerer(Retrieval("Where does the Ferry Liaison post public notices once the Harbourmaster has approved "
                                "them?", "baseline", passages=FERRY_ROLES[3:4]))
    assert answer.splitlines()[0].startswith("Answer: Mastodon, QuayBoard (supported)"), answer
    # (a place a preposition says comes before any name in brackets)
    answer = answerer(Retrieval("Where are the tide tables kept?", "baseline", passages=[Passage(
        "HR-3#1", "HR-3", 1, 2, "Harbour records — Tables\nThe tide tables (Spring, Neap) are kept in the Pilot House.",
        1.0)]))
    assert answer.splitlines()[0].startswith("Answer: Pilot House (supported)"), answer


def test_who_of_a_thing_an_earlier_part_answered_is_read_under_its_who_heading_whatever_else_the_part_says(answerer):
    """"Which role …, and who at Saltmere Harbour can fill it?": "it" is the Ferry Liaison; "Ferry Liaison › Who are
    they?" answers who, though its section never says Saltmere Harbour, the place every other passage is of (old code:
    the part unanswered)."""
    answer = answerer(Retrieval("Which role does the harbour guide recommend adding next, and who at Saltmere Harbour "
                                "can fill it?", "baseline", passages=FERRY_ROLES))
    assert answer.splitlines()[0].startswith("Answer: Ferry Liaison; Quay Crew (likely) [HG-1] [HR-2]"), answer


def test_a_question_naming_a_document_by_its_title_is_not_answered_by_another_documents_record(answerer):
    """"Who wrote the Lamp rota record …?": Quay lights' revision row ("Author: @teodor; Info: Cross-references ROTA-9
    for the lamp rota scope") says its own revision's author, not the Lamp rota's (old code: @teodor, citing both)."""
    answer = _answer(answerer, "Who wrote the Lamp rota record, on what date, and what is its status?", "QL-3", "ROTA-7")
    assert answer.splitlines()[0].startswith("Answer: @odile"), answer
    assert "[QL-3]" not in answer.splitlines()[0] and "@teodor" not in answer, answer


def test_an_abbreviation_ends_no_sentence():
    from graphrag_bench.answers.sentences import passage_sentences

    text = "Roles — Steps\n1. Notify other crews (e.g. Ferries, Pilots) as the Harbour Master says.\n"
    assert [s.text for s in passage_sentences("HR-2", 1, text, 0)] == [
        "Notify other crews (e.g. Ferries, Pilots) as the Harbour Master says."]


def test_a_second_spelling_of_the_asked_name_in_another_documents_answering_sentence_conflicts_however_it_ranks(answerer):
    """`tide_changes` in one page's long sentence, `tide_changed` in another's shorter one that says less of the
    question: two spellings of one exchange's name, a disagreement whichever sentence ranks first."""
    passages = [Passage("MQ-1#1", "MQ-1", 1, 3, "Harbour queues — Exchanges\nWhen a tide change is made in a harbour "
                        "application (e.g. Tide Clerk), the Tide API publishes a message about the change to our main "
                        "exchange, `tide_changes`.\nExchanges route messages to queues.", 1.0),
                Passage("TS-2#1", "TS-2", 1, 3, "Tide search — Indexing\nInterested readers subscribe to the "
                        "`tide_changed` exchange, where messages arrive from the Tide API.\nThe index is rebuilt nightly.",
                        0.9)]
    answer = answerer(Retrieval("What is the name of the exchange that the Tide API publishes tide change messages to?",
                                "baseline", passages=passages))
    assert answer.splitlines()[0] == ("Answer: the sources disagree: tide_changes [MQ-1], tide_changed [TS-2] "
                                      "(conflicting) [MQ-1] [TS-2]"), answer


TRAINING = [Passage("OV-1#1", "OV-1", 1, 4, "Keeper training — Courses\nThis recorded drill is a replay of a real major "
                    "lamp {thing} that happened at the harbour in May 2021.\n\nKeeper Training Course - Introductory "
                    "course on lamp duty and the role of the Incident Commander.", 1.0),
            Passage("TW-2#1", "TW-2", 1, 2, "Tower duties — Weekly\n" + " ".join(
                f"Keepers of tower {n} polish the brass every week and log the weather." for n in range(1, 13)), 0.5)]


@pytest.mark.parametrize("thing, asked", [("outage", "What caused that outage, and how long did it last?"),
                                          ("incident", "What caused that incident?")])
def test_a_sentence_that_only_restates_the_questions_statement_or_names_a_relation_answers_nothing(
        answerer, thing, asked):
    """The page says only what the question's statement says ("a recorded replay of a real lamp outage"), nothing of
    what caused it or how long it lasted: unknown, not "replay". And "the role of the Incident Commander" names a role
    in words the vocabulary also glosses leading an incident by: written as a name, it states no relation."""
    passages = [dataclasses.replace(p, text=p.text.format(thing=thing)) for p in TRAINING]
    question = f"The keeper training links a recorded re-play of a real major lamp {thing} from May 2021. {asked}"
    answer = answerer(Retrieval(question, "baseline", passages=passages))
    assert answer.splitlines()[0].startswith("Answer: unknown (unknown)"), answer


@pytest.mark.parametrize("part, noun", [("which predefined crews does it call to the quay", "predefined crews"),
                                        ("which named buoys does it log", "named buoys"),
                                        ("which crews does it call", "crews")])
def test_the_noun_asked_for_keeps_a_participle_the_parser_took_for_the_verb(part, noun):
    """"which predefined crews does it call": the parser may read "predefined" as the clause's verb; the part still asks
    for crews, predefined ones (a sentence saying "predefined crews called A and B" addresses it)."""
    from graphrag_bench.answers.slots import asked_noun

    assert asked_noun(part) == (noun, True)


@pytest.mark.parametrize("part, noun", [("with which Lighthouses upgrade did that happen", ("Lighthouses upgrade", False)),
                                        ("which Moorings update was it shipped in", ("Moorings update", False))])
def test_the_noun_asked_for_ends_at_the_word_before_the_auxiliary(part, noun):
    """"with which Lighthouses upgrade did that happen": the parser may read "upgrade" as a verb and the name before it
    as a plural noun; the part asks for one upgrade (old code: "Lighthouses", plural)."""
    from graphrag_bench.answers.slots import asked_noun

    assert asked_noun(part) == noun


@pytest.mark.parametrize("part, noun", [("Which of the harbour's ferries does the Tidewatch office use", ("ferry", False)),
                                        ("Which of these ferries were repainted", ("ferries", True)),
                                        ("Which of them rang the bell", ("", False))])
def test_which_of_several_asks_for_the_noun_after_of(part, noun):
    """"Which of the harbour's ferries does it use": one of the ferries is asked for (old code: no noun, the part asked
    for anything); "which of these ferries were repainted", several; "which of them", no noun of its own."""
    from graphrag_bench.answers.slots import asked_noun

    assert asked_noun(part) == noun


def test_what_a_part_pointing_back_asks_its_verb_of_is_the_verbs_object_not_the_earlier_answer(answerer):
    """"Which guild uses the beacon scheme and what does it inspect?": the second part is answered by what "inspect"
    takes, with the "of" phrase that completes it ("lamps of every quay"), not by the guild again under the name its
    acronym stands for (old code: "Harbour Lights Guild (HLG); Harbour Lights Guild")."""
    passages = [Passage("GL-1#1", "GL-1", 1, 3, "Harbour glossary — Terms\nBeacon Scheme - a plan used by the Harbour "
                        "Lights Guild (HLG) to inspect the lamps of every quay or inspect the bells of a very large harbour "
                        "with many crews", 1.0),
                Passage("GL-1#4", "GL-1", 4, 6, "Harbour glossary — Crews\nA crew is a team of people on one boat.", 0.9)]
    answer = answerer(Retrieval("According to the harbour glossary, which guild uses the beacon scheme and what does it "
                                "inspect?", "baseline", passages=passages))
    assert answer.splitlines()[0] == "Answer: Harbour Lights Guild (HLG); lamps of every quay (supported) [GL-1]", answer


# A survey office's rules: the deadline for an inspection is said in other words than the question's ("book … within
# 2 working days" for "by when must it take place"); a page with more of the question's words says no deadline.
SURVEY = [Passage("SV-1#1", "SV-1", 1, 3, "Survey rules — Owners\nSchedule a hull inspection for within 2 working days "
                  "after a grounding and 10 working days after a scrape.", 1.0),
          Passage("SV-2#1", "SV-2", 1, 3, "Survey rules — Places\nThe hull inspection can take place in any dry dock; "
                  "which place it takes is up to the harbour master.", 0.8)]


def test_a_sentence_saying_the_part_in_other_words_addresses_it_when_the_embedding_model_says_so(answerer):
    """"By when does the hull inspection have to take place?" after a grounding: the rule for booking it ("within 2
    working days") covers few of the question's words (not "take place"), yet the embedding model finds it close to
    the question: it is the answer, not unknown and not the page about where inspections take place."""
    answer = answerer(Retrieval("We just ran aground. By when does the hull inspection have to take place?", "baseline",
                                passages=SURVEY))
    headline = answer.splitlines()[0]
    assert "2 working days" in headline and "[SV-1]" in headline, answer


def test_a_tables_line_under_its_header_may_be_one_dash_per_column():
    """GitHub-flavoured Markdown lets the line under a table's header be "|-|-|": the header names the columns, and
    that line is no row of the table."""
    from graphrag_bench.answers.sentences import passage_sentences

    text = "Beam kinds\n\n| Beam | Colour | Range |\n|-|:-:|-|\n| Harbour | red | 4 miles |\n"
    assert [s.text for s in passage_sentences("BK-2", 1, text, 0) if s.text.startswith("Beam:")] == [
        "Beam: Harbour; Colour: red; Range: 4 miles"]


def test_british_and_american_spellings_of_a_word_meet_and_a_hyphen_is_no_word_a_part_asks():
    """"colours" in a question and "colors" in a document are one word (the "-our" of a word of three letters or more
    before it; "hour", "your" and "scour" keep theirs); the parser may take the hyphen of "sub-crews" for a noun, which
    is no word the part asks."""
    assert stem("colours") == stem("color") and stem("favour") == stem("favored")
    assert stem("hour") != stem("hor") and stem("scour") != stem("score")
    assert "-" not in asked_words("Why are the predefined sub-crews for storms named Ash, Birch and Cedar?")


def test_a_part_asking_for_a_kind_of_a_noun_is_answered_by_that_noun_named_by_its_kind(answerer):
    """"What kind of commander": the commander the sentence names by the words before the asked noun ("a Fleet
    Commander"), whole; not a phrase elsewhere in the sentence, and not the kind's word alone."""
    passages = [Passage("HM-1#1", "HM-1", 1, 3, "Harbour roles — Harbour Master\nA Harbour Master leads the harbour "
                        "through a storm. A Harbour Master may act more as a Fleet Commander when several Tower "
                        "Commanders must be overseen in a long storm.", 1.0)]
    answer = answerer(Retrieval("The harbour roles page says a Harbour Master may act more like a different kind of "
                                "commander in a long storm. What kind of commander is that?", "baseline",
                                passages=passages))
    assert answer.startswith("Answer: Fleet Commander (supported) [HM-1]"), answer


def test_a_contraction_is_its_first_words():
    """"doesn't" is a grammar word, "it's" is "it", "Quillnet's" is "Quillnet" (straight or curly apostrophe)."""
    from graphrag_bench.answers.slots import terms_of

    assert terms_of("Why doesn\u2019t Quillnet's crew do it that way? It's what they're told") == ["quill", "crew",
                                                                                                  "way", "told"]


# A storm plan: each section opens with whom it is delegated to; what the section is about is said below that line.
STORM = [Passage("ST-1#2", "ST-1", 10, 14, "Storm plan — Word outside\nDelegate to: Harbour Office\n\nOnly once the "
                 "storm has passed should you publish a notice to sailors listing the closed moorings.", 1.0),
         Passage("ST-1#3", "ST-1", 15, 19, "Storm plan — Word inside\nDelegate to: Chief Keeper\n\nTell the crew which "
                 "towers stay lit before the first gale.", 0.9),
         Passage("RL-2#1", "RL-2", 1, 3, "Roles — Watch lead\nIf nobody else can, the watch lead is responsible for "
                 "delegating somebody to ring the bell.", 0.8)]


def test_a_field_heading_a_section_is_said_of_the_whole_section_for_a_part_its_label_answers(answerer):
    """"Who is the notice to sailors delegated to?": the section whose sentences speak of a notice to sailors opens
    with "Delegate to: Harbour Office"; the field is said of its section, so it answers (not the other section's
    delegate, and not the watch lead, who delegates something else)."""
    answer = answerer(Retrieval("In a storm, who is the notice to sailors delegated to?", "baseline", passages=STORM))
    assert answer.startswith("Answer: Harbour Office (supported) [ST-1]"), answer


def test_a_passive_the_parser_hangs_on_be_asks_by_its_participle():
    """"who is the notice delegated to" asks by "delegated" (the parser's root is "is"); "the name of the lamp
    installed last week" still asks for the name: that participle sits inside a phrase."""
    assert asked_words("who is the notice to sailors delegated to") == (stem("delegated"),)
    assert asked_words("which crew is the north tower owned by") == (stem("owned"),)
    assert stem("name") in asked_words("what is the name of the lamp installed last week")


def test_a_name_a_sentence_calls_the_asked_noun_by_fills_it_and_an_instructions_verb_is_nobody():
    """"teams called "SEV-1 Watchers" and "SEV-2 Watchers"" names the teams asked for, whatever kind the entity tagger
    gives the names; "Notify", opening an instruction, is a verb the tagger may take for an organisation: no one.
    And only a part asking who does something is answered by whom its section is for."""
    import dataclasses as dc

    from graphrag_bench.answers.fillers import choose
    from graphrag_bench.answers.slots import SlotReader, asks_doer
    from graphrag_bench.language.spacy_pipeline import parse_all

    part = dc.replace(SlotReader(lambda a, b: 0.0).read("Which predefined teams does it add as watchers?").parts[0],
                      slot="person")
    called, instruction = parse_all(['We have predefined teams called "SEV-1 Watchers" and "SEV-2 Watchers" which can '
                                     'be used.', "Notify internal stakeholders as necessary, adding watchers to the log."])
    assert str(choose(called, part, set(part.terms))) == "SEV-1 Watchers and SEV-2 Watchers"
    assert choose(instruction, part, set(part.terms)) is None
    assert not asks_doer("which predefined teams does it add as watchers")
    assert asks_doer("who decides whether we announce it") and asks_doer("which crew approved the rota")


# A tower's two warden roles, each with its own steps; an overview sentence names both.
WARDENS = [Passage("WD-1#1", "WD-1", 1, 3, "Tower wardens — Overview\nThe Dawn Warden and the Hour Warden share the "
                   "north tower.", 1.0),
           Passage("WD-1#2", "WD-1", 4, 7, "Tower wardens — Steps for Dawn Warden\n1. Ring the harbour bell at dawn "
                   "and dusk, as instructed by the Keeper.", 0.9),
           Passage("WD-1#3", "WD-1", 8, 11, "Tower wardens — Steps for Hour Warden\n1. Log the tide height every hour "
                   "in the tide book.", 0.8)]


def test_which_one_of_the_kinds_a_statement_counts_is_the_one_whose_steps_say_it(answerer):
    """"I keep mixing up the two warden roles. Which one rings the harbour bell?": "one" is one of the warden roles
    (not the count the small parser reads in "one rings"), and the warden whose steps say to ring the bell is it."""
    from graphrag_bench.answers.slots import asked_noun, several_in

    assert several_in("I keep mixing up the two warden roles.") == "warden role"
    assert asked_noun("Which one rings the harbour bell")[0] == ""
    answer = answerer(Retrieval("I keep mixing up the two warden roles. Which one rings the harbour bell?", "baseline",
                                passages=WARDENS))
    assert answer.startswith("Answer: Dawn Warden (supported) [WD-1]"), answer


# A harbour's numbered decision records, which refer to each other by kind and number ("as per TR 6").
TIDE_RECORDS = [Passage("004-lamp-rota.md#1", "004-lamp-rota.md", 1, 3, "4. Lamp rota — Decision\nWe will use one keeper "
                        "per tower (as per TR 6 Fog watch decision).", 1.0),
                Passage("006-fog-watch.md#1", "006-fog-watch.md", 1, 3, "6. Fog watch — Decision\nWe decided to sound "
                        "the fog horn every two minutes.", 0.9)]


@pytest.mark.parametrize("number, unknown", [(5, True), (6, False), (4, False)])
def test_a_record_the_question_calls_by_kind_and_number_that_the_context_neither_holds_nor_cites_is_unknown(
        answerer, number, unknown):
    """"What did TR 5 decide about the fog horn?" where no retrieved record bears number 5 and none refers to "TR 5": nothing to
    answer from (not TR 6's decision, which another record cites). TR 4 and TR 6 are retrieved records."""
    answer = answerer(Retrieval(f"What did TR {number} decide about the fog horn?", "baseline", passages=TIDE_RECORDS))
    assert answer.startswith("Answer: unknown (unknown)") == unknown, answer


def test_an_auxiliary_is_no_word_of_the_asked_noun():
    """"What did Harbour Board TR 5 decide": "did" (tagged as a past verb) is the auxiliary, not a participle of a
    noun the wh-word asks for ("did Harbour"); "which predefined teams" keeps its participle."""
    from graphrag_bench.answers.slots import asked_noun

    assert asked_noun("What did Harbour Board TR 5 decide")[0] == ""
    assert asked_noun("which predefined teams does it add")[0] == "predefined teams"


def test_a_name_written_as_one_word_with_a_capital_inside_is_new_to_a_question_saying_its_first_part():
    """"Logs will be sent to BeaconWatch" answers "where do the Beacon Board's logs go": "BeaconWatch" is one name, not the
    "Beacon" the question says (the five letters words are compared by)."""
    from graphrag_bench.answers.fillers import choose
    from graphrag_bench.answers.slots import SlotReader
    from graphrag_bench.language.spacy_pipeline import parse_all

    asked = SlotReader(lambda a, b: 0.0).read("Where do the Beacon Board's logs go?")
    doc = parse_all(["Logs will be sent to BeaconWatch for monitoring, alerting, and auditing."])[0]
    assert str(choose(doc, asked.parts[0], set(asked.topic))) == "BeaconWatch"


def test_a_part_asking_for_several_is_answered_by_the_whole_list_a_label_gives(answerer):
    """"Which lamp models did it pick" (plural) where a label lists them ("Chosen: k7.large, k7.4large, k7a.large - for the north
    tower"): every item of the list, not the one that ranks first."""
    passages = [Passage("LM-1#3", "LM-1", 20, 24, "Lamp choice — Models\n**Chosen:** k7.large, k7.4large, k7a.large - for "
                        "the north tower\n\nWe have gone for the bright range of lamp models.", 1.0)]
    answer = answerer(Retrieval("Which lamp models did the lamp decision pick for the north tower?", "baseline",
                                passages=passages))
    assert answer.startswith("Answer: k7.large, k7.4large, k7a.large"), answer


def test_a_part_that_leaves_out_the_verb_of_the_part_before_is_read_with_it(answerer):
    """"…, and which for the fog station": the paint colours the Board picked, for the fog station — the part before
    it says what is asked, this one only for what. A part with a verb of its own ("who at the harbour can fill it")
    leaves nothing out."""
    from graphrag_bench.answers.slots import asked_pieces

    question = "Which paint colours did the Harbour Board pick for the north tower, and which for the fog station?"
    assert asked_pieces(question)[1] == ("", "Which paint colours did the Harbour Board pick for the fog station")
    assert asked_pieces("Which role is it, and who at the harbour can fill it?")[1] == ("", "who at the harbour can fill it")
    # (the wh-phrase may be of two words: "how long for …", with its verb left out)
    assert asked_pieces("How long is a term for a lamp warden, and how long for a tide clerk?")[1] \
        == ("", "How long is a term for a tide clerk")
    head = _answer(answerer, question, "PT-1", "PT-2").splitlines()[0]
    assert "slate grey" in head and "sea green" in head and "(supported)" in head, head


def test_a_phrase_set_before_the_next_parts_wh_word_is_that_parts(answerer):
    """", and according to the harbour handbook, who services it": the handbook is where the second part is to be
    read, nothing the first part ("which lamp does the north tower use") asks about."""
    from graphrag_bench.answers.slots import SlotReader, asked_pieces

    question = "Which lamp does the north tower use, and according to the harbour handbook, who services it?"
    assert asked_pieces(question) == [("", "Which lamp does the north tower use"),
                                      ("according to the harbour handbook, ", "who services it")]
    first = SlotReader(lambda a, b: 0.0).read(question).parts[0]
    assert not {"handb", "harbo"} & set(first.terms), first.terms


def test_how_soon_asks_for_a_time_span(answerer):
    """"How soon does the keeper have to report back?": a span of time ("within 20 minutes"), not a thing the sentence
    that says most of the question names."""
    answer = _answer(answerer, "After the fog drill, how soon does the keeper have to report back to the harbour master?",
                     "DR-1")
    assert answer.splitlines()[0].startswith("Answer: 20 minutes"), answer


def test_how_quickly_asks_for_a_span_of_time_not_a_count(answerer):
    """"How quickly is the office supposed to handle requests for a berth and for a mooring permit": a span of time for
    each, which the tagger reads as a date ("two days"), from the items of the list of time frames — not the count of
    berths ("120 berths") a report gives in more of the question's words."""
    text = ("Harbour guide — Service levels\nThe harbour office will aim to handle requests in the following "
            "time frames:\n- Berths should be confirmed within two days of the form being sent.\n"
            "- Mooring permits should be issued within 48 hours of the fee being paid.\n")
    answer = answerer(Retrieval("How quickly is the harbour office supposed to handle requests for a berth and for a "
                                "mooring permit?", "baseline", passages=[
                                    Passage("HO-1#3", "HO-1", 3, 6, text, 1.0),
                                    Passage("HO-2#1", "HO-2", 1, 2, "Harbour report — Office\nThe harbour office "
                                            "handled requests for 120 berths and 35 mooring permits last year.", 0.9)]))
    assert answer.splitlines()[0].startswith("Answer: two days; 48 hours (supported)"), answer


def test_who_does_what_a_sentence_leading_into_a_list_says_is_read_in_its_items(answerer):
    """"These requests must be approved by a named officer:" is said of each item below it: "For mooring permits, it is
    Ada Brine." answers who must approve a mooring permit request, though it says no word of approving."""
    text = ("Harbour guide — Sign-off\nThese requests must be approved by a named officer:\n- For berths, it is the "
            "Quay Clerk.\n- For mooring permits, it is Ada Brine.\n")
    answer = answerer(Retrieval("Who must approve a mooring permit request?", "baseline",
                                passages=[Passage("HO-3#1", "HO-3", 1, 4, text, 1.0)]))
    assert answer.splitlines()[0].startswith("Answer: Ada Brine (supported)"), answer


def test_a_heading_asking_why_answers_only_a_part_about_what_it_sits_under(answerer):
    """"Lamp Warden › Why have one?" answers why there is a lamp warden, not why the guild dropped its rule that
    wardens hold a night pass: the section about that rule gives the reason, in words of its own."""
    passages = [Passage("HR-2#1", "HR-2", 1, 2, "Harbour roles — Lamp Warden › Why have one?\nThe lamp warden is "
                        "needed to keep the harbour lamps lit through a storm.", 1.0),
                Passage("HL-3#5", "HL-3", 5, 6, "Guild lessons — Requiring lamp wardens to hold a night pass\nWe soon "
                        "found that the rule had left too few keepers for the winter rota.", 0.9)]
    answer = answerer(Retrieval("Why did the guild drop its requirement that lamp wardens hold a night pass?", "baseline",
                                passages=passages))
    assert "too few keepers" in answer.splitlines()[0], answer


def test_a_name_written_before_the_asked_noun_names_it(answerer):
    """"the `nightwatch` Quillnet team" for "which Quillnet team": the name before the asked noun is the team's, not
    the kind of another thing ("Slack" of "the Slack channel")."""
    answer = _answer(answerer, "Which Quillnet team gets access to the tower rooms?", "KY-1")
    assert answer.splitlines()[0].startswith("Answer: nightwatch"), answer


def test_a_part_asking_which_thing_the_opening_statement_describes_is_read_by_its_words(answerer):
    """"A recent plan says every tower horn must be tuned at the new yard. What is that yard called?": the sentence
    that restates the statement names the yard ("the Gullhaven Yard"); one that only says "yard … called" is about
    another. A part with a verb of its own ("what caused that outage") asks that, not which thing it is."""
    question = "A recent plan says every tower horn must be tuned at the new yard. What is that yard called?"
    parts = answerer.slots.read(question).parts
    assert {stem("horn"), stem("tuned")} <= set(parts[0].describes)
    assert not answerer.slots.read("The keepers logged a fog outage in May. What caused that outage?").parts[0].describes
    answer = _answer(answerer, question, "HN-2", "HN-1")
    assert answer.startswith("Answer: Gullhaven Yard"), answer


def test_a_noun_a_pointing_determiner_opens_is_no_answer(answerer):
    """"this decision", "our process": a phrase that points to something said elsewhere does not name what is asked;
    the sentence that goes on to name it answers."""
    answer = _answer(answerer, "What did the keepers approve at the spring meeting?", "SM-1")
    assert answer.startswith("Answer: Gullwing rota"), answer


def test_a_reason_for_one_thing_rather_than_another_is_read_of_the_other(answerer):
    """"Why the brass horn rather than a whistle": the question states the choice; the reason is what the
    context says of the thing turned down ("as it froze on the pier every winter"), not the sentence that restates
    the choice, nor one that gives a reason for the choice without a word of the other."""
    question = "Why did the keepers pick the brass horn for the north tower rather than a whistle?"
    answer = _answer(answerer, question, "HC-1")
    assert answer.startswith("Answer: it froze on the pier every winter"), answer
    # (a reason given for the choice alone, "fitted … because the keepers picked it", says nothing of the other)
    answer = _answer(answerer, question, "HC-2", "HC-1")
    assert answer.startswith("Answer: it froze on the pier every winter"), answer


def test_a_reason_given_by_a_whole_sentence_keeps_it_whole():
    """A sentence giving a reason without a word of reason is the reason whole: the "When …" that opens it stays, two
    facts joined by "and" are both kept (only "but" turns to what follows), and a line without a verb gives none."""
    from graphrag_bench.answers.fillers import _reasons
    from graphrag_bench.language.spacy_pipeline import parse_all

    whole, title = parse_all(["When the Board needed a tower, kit towers were still in trial and were not rated for storms.",
                              "Kit towers (the Harbour kits)"])
    assert [c.text for c in _reasons(whole)] == [whole.text.rstrip(".")]
    assert _reasons(title) == []


def test_an_attribute_list_after_a_link_is_markup():
    """"[the alert](alerts){:target="_blank" }": the attribute list says how to open the link; no reader sees it, and an
    HTML entity reads as its character (code keeps both: it is verbatim)."""
    from graphrag_bench.answers.sentences import clean

    assert clean('Close it by [resolving the alert](alerts){:target="_blank" } on the rota.') == \
        "Close it by resolving the alert on the rota."
    assert clean("Write `{:x}` here.") == "Write `{:x}` here."
    assert clean("(T&amp;I level) the `&lt;id&gt;` form") == "(T&I level) the `&lt;id&gt;` form"  # an entity, outside code


def test_the_values_a_key_column_takes_are_its_keys_in_order(answerer):
    """A two-column table read as one record ("Dawn: …; Noon: …"): the header of its key column ("Shift") says what
    the keys are, so "what values can the Shift field take" is answered by every key, in the table's order."""
    passages = [Passage("RT-1#2", "RT-1", 10, 16, "Keeper rota — Shift names\nEach rota entry has a \"Shift\" field.\n\n"
                        "| Shift | Description |\n|-|-|\n| **Dawn** | The lamp is lit and the log opened. |\n"
                        "| **Noon** | The lens is cleaned. |\n| **Dusk** | The External Note is read and the lamp is checked. |\n",
                        1.0)] + _passages("LOG-1", "MIN-5", "HR-1", "WK-2", "STAFF")
    answer = answerer(Retrieval("What values can a rota entry's Shift field take, in order?", "baseline", passages=passages))
    assert answer.startswith("Answer: Dawn, Noon, Dusk (supported) [RT-1]"), answer


def test_for_each_of_the_things_an_earlier_part_listed(answerer):
    """"Who is the keeper for the north tower and for the fog station, and who is the relief for each?": "each" is each
    of the places the part before listed, so the relief of both is asked, not of one."""
    from graphrag_bench.answers.slots import differing

    assert differing(["who keeps the north tower", "who keeps the fog station"]) == ["north tower", "fog station"]
    head = _answer(answerer, "Who is the keeper for the north tower and for the fog station, and who is the relief for "
                   "each?", "KP-9", "LOG-1", "HR-1", "WK-2", "STAFF").splitlines()[0]
    assert all(name in head for name in ("Ilse Marr", "Teodor Blum", "Piet Okonjo", "Odile Varga")), head


def test_a_reason_is_the_list_a_sentence_leads_into(answerer):
    """"Why did the keepers turn down the night ferry?" where the sentence that says so ends with a colon: what it
    leads into ("- Its horn would wake the north tower", …) is the reason, not the sentence itself."""
    head = _answer(answerer, "Why did the keepers turn down the night ferry?", "NF-1", "LOG-1", "HR-1").splitlines()[0]
    assert head.startswith("Answer: Its horn would wake the north tower; The pier cannot hold it"), head
    # (so where the sentence says the very verb asked: "why was the night ferry refused" of "… was refused … :")
    head = _answer(answerer, "Why was the night ferry refused?", "NF-1", "LOG-1", "HR-1").splitlines()[0]
    assert head.startswith("Answer: Its horn would wake the north tower; The pier cannot hold it"), head


def test_a_sentence_restating_in_other_words_what_the_question_says_of_the_asked_thing_identifies_it(answerer):
    """"One specific role brings in extra boats when more are needed. Which role is that?": no sentence says most of
    those words; the one that says it in others ("If more boats are required, they will be mobilized by the Tide
    Marshal") restates it, clearly more than any other sentence does, and names the role."""
    passages = [Passage("HB-1#1", "HB-1", 1, 4, "Harbour roles — Storms\nThere are several roles for storms at the "
                        "harbour. The Quay Marshal opens the quay gates at dawn. If more boats are required, they will "
                        "be mobilized by the Tide Marshal to join the rescue.", 1.0),
                Passage("ST-2#1", "ST-2", 1, 2, "Storm practice\nWe no longer call out every crew for a storm; each "
                        "crew on duty answers for its own quay.", 0.9)]
    answer = answerer(Retrieval("Now that the harbour no longer calls out every crew for a storm, one specific role "
                                "brings in extra boats when more are needed. Which role is that?", "baseline",
                                passages=passages))
    assert answer.startswith("Answer: Tide Marshal ("), answer
    assert 'they will be mobilized by the Tide Marshal to join the rescue."' in answer, answer


MARSHALS_QUESTION = ("The Quay Marshal and the Tide Marshal are both storm roles. Who may take on each role, and can "
                     "one person hold both?")


def test_a_yes_no_part_asked_of_both_of_two_named_things_is_answered_by_the_sentence_restating_it(answerer):
    """"… and can one person hold both?" after "The Quay Marshal and the Tide Marshal …": a part of its own, asked of
    the two ("one person hold both The Quay Marshal and the Tide Marshal"), answered by the sentence that says so in
    other words; its clause after "but" qualifies the statement, it does not deny it."""
    passages = [Passage("HB-2#1", "HB-2", 1, 4, "Harbour roles — Marshals\nAny trained keeper may be the Quay Marshal. "
                        "Anyone can be the Tide Marshal during a storm. Usually the Quay Marshal also serves as the "
                        "Tide Marshal, but that doesn't always happen.", 1.0)]
    answer = answerer(Retrieval(MARSHALS_QUESTION, "baseline", passages=passages))
    head = answer.splitlines()[0]
    assert "yes — Usually the Quay Marshal also serves as the Tide Marshal, but that doesn't always happen" in head, answer


def test_a_scene_whose_names_the_parts_take_is_no_link_of_the_answer(answerer):
    """"The Quay Marshal and the Tide Marshal are both storm roles. Who may take on each role, and can one person hold
    both?" asks of the two marshals by name: a glossary saying that both are storm roles restates the scene, but the
    answer rests on the roles page alone — one explicit source, `supported`, the glossary neither cited nor quoted."""
    passages = [Passage("HB-2#1", "HB-2", 1, 4, "Harbour duties — Marshals\nAny trained keeper may be the Quay Marshal. "
                        "Anyone can be the Tide Marshal during a gale. Usually the Quay Marshal also serves as the "
                        "Tide Marshal, but that doesn't always happen.", 1.0),
                Passage("GLOSS#3", "GLOSS", 3, 3, "Harbour glossary — Storm roles\nThe storm roles are the Harbour "
                        "Master, the Quay Marshal and the Tide Marshal.", 0.9)]
    answer = answerer(Retrieval(MARSHALS_QUESTION, "baseline", passages=passages))
    head = answer.splitlines()[0]
    assert head.endswith("(supported) [HB-2]"), answer
    assert "GLOSS" not in answer, answer


def test_a_part_asking_a_name_is_answered_by_a_name_not_by_what_the_name_is_of(answerer):
    """"What is the new name": the sentence saying most of the question ("… it is just the tower lamp name that is
    changing") gives what the name is of, a common noun; the name is the one another sentence of the same page
    gives ("the North Beacon"), however much less of the question it says."""
    passages = [Passage("NM-4#9", "NM-4", 9, 14, "New lamp name — Decision\nWe will call the new lamp the \"North "
                        "Beacon\".\n\n- Signs on the pier will say North Beacon\n- The keepers' guild name will remain "
                        "as \"Harbour Lights\", it is just the tower lamp name that is changing.", 1.0)]
    answer = answerer(Retrieval("I heard the lamp is getting a new name. Is the Harbour Lights guild itself being "
                                "renamed, and what is the new name?", "baseline", passages=passages))
    assert answer.splitlines()[0].endswith("; North Beacon (supported) [NM-4]"), answer


def test_a_sentence_leading_into_a_list_with_the_parts_own_condition_answers_with_the_items(answerer):
    """"In the event that the keepers cannot agree:" says the condition "what happens if the keepers can't agree"
    asks about again, and gives no answer itself: the items it leads into are what happens then."""
    passages = [Passage("GR-2#12", "GR-2", 12, 16, "Lamp guild rules — Lamp changes\nLamp changes are agreed by the "
                        "keepers at the spring muster.\n\nIn the event that the keepers cannot agree:\n- The harbour "
                        "master decides alone\n- The guild may overrule the harbour master by a two-thirds vote\n", 1.0)]
    answer = answerer(Retrieval("How are lamp changes agreed, and what happens if the keepers can't agree?", "baseline",
                                passages=passages))
    head = answer.splitlines()[0]
    assert "The harbour master decides alone; The guild may overrule the harbour master by a two-thirds vote" in head, answer


def test_a_part_asked_in_two_manners_is_answered_for_each_from_its_own_field(answerer):
    """"When does the lamp crew meet, both publicly and privately?" asks two things, one per manner; each is read
    from the field its label names ("Public …", "Private …") of the one record that holds both, whole as a schedule
    says it ("last Fridays at 17:00 UTC", not the clock time alone)."""
    passages = [Passage("LC-1#5", "LC-1", 5, 7, "Lamp crew — Meetings\n* Private Lamp Crew Meeting: [second Tuesdays at "
                        "9:00 UTC](https://example.org/crew#meetings) (monthly). [Convert to your timezone]"
                        "(https://example.org/tz).\n* Public Lamp Crew Meeting: [last Fridays at 17:00 UTC]"
                        "(https://example.org/call) (monthly). [Convert to your timezone](https://example.org/tz).\n",
                        1.0)]
    answer = answerer(Retrieval("When does the lamp crew meet, both publicly and privately?", "baseline",
                                passages=passages))
    assert answer.splitlines()[0] == "Answer: last Fridays at 17:00 UTC; second Tuesdays at 9:00 UTC (supported) [LC-1]", answer


def test_each_of_two_things_told_apart_by_one_word_is_read_from_a_sentence_saying_that_word(answerer):
    """"with the day key and with the night key": the key said once for both is no word that tells them apart, and
    each part is read where its own word is said (before, the last part lost its word to the shared noun)."""
    question = "How long does a gallery session last with the day key and with the night key?"
    assert [p.told for p in answerer.slots.read(question).parts] == [("day",), ("night",)]
    passages = [Passage("KY-2#3", "KY-2", 3, 6, "Gallery keys — Sessions\nThe gallery has two keys: a day key and a "
                        "night key.\n\n- day key - 8 hours\n- night key - 2 hours\n", 1.0)]
    answer = answerer(Retrieval(question, "baseline", passages=passages))
    assert answer.splitlines()[0] == "Answer: 8 hours; 2 hours (supported) [KY-2]", answer


def test_a_reason_is_read_from_the_next_sentence_of_the_paragraph_that_restates_what_is_asked(answerer):
    """The first sentence of the item says again what the question asks about and gives no reason; the next sentence
    of the same item gives it, in the clause "since" opens — to the sentence's end, however the parser splits it
    ("write access" read as a verb and its object)."""
    passages = [Passage("LG-3#20", "LG-3", 20, 24, "Lamp logs — Guidance\n- All lamp logs should be office-level lamp "
                        "logs instead of\ntower-level even if the lamp log is intended to be scoped to a single\ntower. "
                        "It is easier to share entries via office-level logs\nsince write access to a tower-level log "
                        "requires a key to the tower.\n", 1.0)]
    answer = answerer(Retrieval("Why are lamp logs supposed to be created at the office level rather than for a single "
                                "tower?", "baseline", passages=passages))
    assert answer.splitlines()[0] == "Answer: write access to a tower-level log requires a key to the tower (supported) " \
        "[LG-3]", answer


def test_two_manners_joined_by_or_ask_one_thing():
    """"… directly or indirectly" asks what holds by any way, one part; "both publicly and privately" asks of each."""
    from graphrag_bench.answers.slots import coordinated

    assert coordinated("What does the lamp depend on, directly or indirectly") == [
        "What does the lamp depend on, directly or indirectly"]
    assert coordinated("When does the crew meet, both publicly and privately") == [
        "When does the crew meet, publicly", "When does the crew meet, privately"]


def test_a_fact_read_from_a_table_row_or_a_list_item_is_read_with_the_header_over_it():
    """A row ("| Lamp Guild | Ana Ruiz |") or an item ("- rifis, wicar") says nothing of what it is without its header or
    heading, which the fact keeps as its label: its sentence is the row's name, the label and the value (the whole
    item, every name it lists); a fact of a prose sentence is that sentence."""
    def fact(source, target, evidence, label):
        return Fact(source, source.split(":")[1], "RELATED_TO", target, target.split(":")[1], "D-1", 3, evidence, 1.0, 1,
                    label)

    retrieval = Retrieval("q", "graphrag", facts=[
        fact("team:Lamp Guild", "person:Ana Ruiz", "| [Lamp Guild](lamp/README.md) | Ana Ruiz (**[@aruiz](https://x)**) |",
             "Council Liaison"),
        fact("person:rifis", "artifact:PM-1", "- rifis, wicar", "Attendees"),
        fact("team:Lamp Guild", "person:Ana Ruiz", "The Lamp Guild asked Ana Ruiz to act as its liaison.", "asked"),
    ])
    assert [s.text for s in context_sentences(retrieval)] == [
        "Lamp Guild — Council Liaison: Ana Ruiz", "PM-1 — Attendees: rifis, wicar",
        "The Lamp Guild asked Ana Ruiz to act as its liaison."]
    assert all(s.from_fact for s in context_sentences(retrieval))


def test_a_hedged_when_asks_a_date_that_a_length_of_time_does_not_give(answerer):
    """"Roughly when …" asks for a point in time as "when …" does; "2 year terms", "for 2 years" say how long a term
    lasts, not when it ends: they answer no part, and the sentence that says the month does."""
    question = "Roughly when in the year do the keepers' terms run out?"
    assert answer_label(_answer(answerer, question, "TR-1")) == "unknown"
    assert _answer(answerer, question, "TR-1", "TR-2").startswith("Answer: March"), _answer(answerer, question, "TR-1", "TR-2")


def test_a_word_saying_there_is_nothing_answers_no_part(answerer):
    """"None defined at this time" under a heading the question's words cover says the section is empty: "None" is
    not a duty, and nothing else answers."""
    assert answer_label(_answer(answerer, "Which additional duties do wardens have?", "TR-3")) == "unknown"


def test_a_noun_said_of_another_thing_gives_no_value_of_the_thing_asked_about(answerer):
    """"What level of knowledge": "a high level of safety and calm" is the level of something else, so neither "safety"
    nor "calm" answers; the sentence that says the level of knowledge does."""
    answer = _answer(answerer, "What level of knowledge does a keeper need?", "KL-1", "KL-2")
    assert answer.startswith("Answer: basic-level knowledge"), answer
    assert answer_label(_answer(answerer, "What level of knowledge does a keeper need?", "KL-1")) == "unknown"


STORM_QUESTION = ("In a storm, who is the outer notice handed to, who runs inner signalling, and why does the inner "
                  "signalling have to wait?")


def test_a_field_heading_a_section_names_who_does_what_the_section_is_for(answerer):
    """"Who runs inner signalling": the field heading the section "Inner Signalling" ("Hand to: Chief or Deputy
    Warden", alternatives joined by "or", whole) names who, whatever its label's words; and "why must the inner
    signalling wait" is not answered by a sentence under "Outer Signalling", another kind of signalling."""
    answer = _answer(answerer, STORM_QUESTION, "SP-1", "SP-2")
    head = answer.splitlines()[0]
    assert head.startswith("Answer: Harbour Press Office; Chief or Deputy Warden; Warn the inner moorings only once"), answer
    assert "fewer boats" not in head, answer


def test_a_yes_no_question_after_a_clause_is_answered_no_by_a_sentence_saying_only_the_opposite_word(answerer):
    """"Since X runs Y, is it the group that checks sealed cargo?": the clause before the comma leads a yes/no
    question (not a "what" part of its words); "the non-sealed (open) cargo checks" says the opposite of "sealed":
    no, with the statement."""
    answer = _answer(answerer, "Since the Quay Board runs the harbour drills, is it the group that checks sealed cargo?",
                     "QB-1")
    assert answer.splitlines()[0].startswith("Answer: no — The Quay Board runs the harbour drills"), answer


def test_how_a_thing_is_done_is_said_whole_by_a_section_telling_how(answerer):
    """"How does the harbour decide that a keeper is idle": under "How idleness is measured" (a heading telling how,
    without a question mark), the sentence that says it is the answer, whole, though no word of it is "decide"."""
    answer = _answer(answerer, "How does the harbour decide that a keeper is idle?", "KM-1")
    assert answer.splitlines()[0].startswith("Answer: Idle keepers are defined as keepers with no watch kept within 6 "
                                             "months"), answer


def test_a_noun_with_a_name_in_brackets_after_it_is_what_that_one_holds(answerer):
    """"What role had she been appointed to", of Ilse named before: "duty officer (Ilse Marr) appointed" says it,
    the noun right before her name (not the whole coordination "all crews … and duty officer", nor her name)."""
    answer = _answer(answerer, "In the fog watch, an update went to 'Ilse and Piet'. When was the first call of all "
                     "crews, and what role had she been appointed to?", "WL-1")
    assert answer.splitlines()[0].startswith("Answer: 2025-11-02 04:10; duty officer"), answer


def test_why_a_statement_the_question_opens_with_is_not_so_is_the_reason_given_after_the_sentence_restating_it(answerer):
    """"Other harbours let the first keeper act as leader. Why doesn't the Harbour Board do it that way?": the part says
    nothing but a pointer to the statement; its reason is the one marked in the paragraphs after the sentence that
    restates it ("Because keepers are wary …"), not a reason another page gives of the same people. And no document
    the statement names is a link the answer is chained through."""
    answer = _answer(answerer, "Other harbours let the first keeper who arrives act as Watch Leader until a more senior "
                     "keeper turns up. Why doesn't the Harbour Board do it that way?", "WT-2", "WT-1")
    assert answer.splitlines()[0] == "Answer: keepers are wary of leading the watch (supported) [WT-1]", answer


def test_the_reason_against_an_alternative_is_what_went_wrong_with_it_after_the_sentence_stating_it(answerer):
    """"Why listen on its own quay rather than routing every call through a central relay mast": the sentence giving
    the reason says the alternative (two of its words: "route" alone is another sentence's), and where it only
    states it ("An earlier idea was … a central relay mast"), the next one, set against it, says what went wrong."""
    answer = _answer(answerer, "Why does the harbour hear boat radio at a post on its own quay rather than routing every "
                     "call through a central relay mast?", "RD-1")
    assert answer.splitlines()[0].startswith("Answer: this ran into trouble: the old piers share one channel"), answer


def test_a_passive_clause_names_who_does_what_is_asked_and_a_yes_no_part_after_a_bare_comma_is_its_own(answerer):
    """"Who gets to vote …, is anyone in that group barred from voting, and how many council members may work for the
    same shipping line?": three parts. Who votes is the doer the passive clause of voting names, a group named in
    common nouns ("members of the harbour board"; "employed by the same shipping line" names who employs, not who
    votes); the yes/no part after the bare comma is read in the sentence after that one, where being "not eligible to
    vote" says yes, someone is barred from voting; and "the same shipping line"
    of members among themselves points back to nothing an earlier part said, so the count is read where it is said."""
    answer = _answer(answerer, "Who gets to vote when Harbour Council members are elected, is anyone in that group "
                     "barred from voting, and how many council members may work for the same shipping line?", "EL-1")
    head = answer.splitlines()[0]
    assert head.startswith("Answer: members of the harbour board; yes — A member of the harbour board who is also a "
                           "candidate") and head.endswith("; two (supported) [EL-1]"), answer
    assert 'line 14: "A member of the harbour board who is also a candidate for the council is not eligible to vote."' \
        in answer, answer


def test_whom_a_question_enlists_for_an_act_is_who_a_sentence_has_do_it(answerer):
    """"Which role do I ask to summon that crew's lead?" asks who is to do the summoning: the one a request addresses
    ("Hearing nothing back, Bosun, can you go ahead and summon …", "…, Signal Keeper, please summon …"), not "a
    particular crew" of a sentence where "you" summon; two guides naming two roles disagree. "Which tool does the lamp
    crew use to polish the lenses?" is not answered by what the crew uses for something else, in a sentence that says
    nothing of polishing."""
    answer = _answer(answerer, "As captain I ask on the radio whether anyone from a particular crew is there and hear "
                     "nothing back. Which role do I then ask to summon that crew's lead?", "EN-2", "EN-1")
    assert answer.splitlines()[0].startswith("Answer: the sources disagree: Signal Keeper [EN-2], Bosun [EN-1] "
                                             "(conflicting)"), answer
    answer = _answer(answerer, "Which tool does the lamp crew use to polish the lenses?", "EN-3")
    assert answer_label(answer) == "unknown", answer


def test_code_that_says_the_asked_noun_names_it_and_a_piece_of_code_is_no_name(answerer):
    """"Which pattern is it?": `safe-pattern`, quoted as code, names the pattern by the asked noun (as "the Fresnel
    Mark II lens" names a lens), though the part says no word beside the noun; "A-Z" inside the code
    `(A-Z, a-z, 0-9, dash)+` is a piece of that code, not a name."""
    answer = _answer(answerer, "Lamp label values have to match a naming pattern from another record. "
                     "Which pattern is it?", "LL-4")
    assert answer.splitlines()[0].startswith("Answer: safe-pattern (supported)"), answer


def test_somebody_a_sentence_delegates_to_names_no_one(answerer):
    """"Delegating somebody to post" says a task is handed on, not to whom: the delegate asked for is unknown, neither
    "somebody" nor the Watch Lead who does the delegating."""
    answer = _answer(answerer, "During a storm, who is the public notice to sailors delegated to?", "NK-1")
    assert answer_label(answer) == "unknown", answer


def test_what_a_part_asks_after_have_to_is_the_verb_it_leads_into(answerer):
    """"Who has to confirm new keepers": "have to" says must; the verb asked is "confirm", said by "needs confirmation
    by the Harbour Board", not by a sentence that says more of the question's other words ("trains new keepers")."""
    answer = _answer(answerer, "Who has to confirm new keepers?", "KP-2")
    assert answer.splitlines()[0].startswith("Answer: Harbour Board (supported)"), answer


def test_a_sentence_that_has_someone_do_the_enlisted_act_says_what_is_asked(answerer):
    """"Which role do I then ask to summon that crew's head?", in other words than the guides use ("get no reply" for
    "Hearing nothing back", "head" for "lead"): a request that has someone summon ("…, Signal Keeper, please summon the
    [X] crew lead") says what the part asks however few of the question's words it shares."""
    answer = _answer(answerer, "As captain I check over the radio whether anybody from a given crew is around and get no "
                     "reply. Which role do I then ask to summon that crew's head?", "EN-2", "EN-1")
    assert answer.splitlines()[0].startswith("Answer: the sources disagree: Signal Keeper [EN-2], Bosun [EN-1] "
                                             "(conflicting)"), answer


def test_a_role_named_with_whose_it_is_is_named(answerer):
    """"Your Bosun can summon one if nobody answers": "your" says whose Bosun, it does not point to one said elsewhere
    (as "this decision" does): the Bosun is the one the sentence has summon. A common noun so pointed to is not named."""
    from graphrag_bench.answers.fillers import choose
    from graphrag_bench.language.spacy_pipeline import parse_all

    asked = answerer.slots.read("As captain I ask on the radio whether anybody from a given crew is around and get no "
                                "answer. Which role do I then ask to summon that crew's head?")
    named, pointed = parse_all(["Your Bosun can summon one if nobody answers.",
                                "Your deputy can summon one if nobody answers."])
    assert str(choose(named, asked.parts[0], set(asked.topic))) == "Bosun"
    assert choose(pointed, asked.parts[0], set(asked.topic)) is None


def test_a_value_after_every_says_how_often_not_how_soon(answerer):
    """"How soon does the keeper have to report back": "every 30s" of the sentence that says "report" is how often the
    keeper reports during a sweep; the captain's "get back to me in 15 minutes" is how soon."""
    answer = _answer(answerer, "How soon does the keeper have to report back to the captain after a sweep?", "SK-5")
    assert answer.splitlines()[0].startswith("Answer: 15 minutes (supported)"), answer


def test_a_letter_standing_for_a_number_is_no_value(answerer):
    """"In X minutes" of a rule says that some time is set, not which: "how soon" is answered by the "20 minutes" the
    keeper says."""
    answer = _answer(answerer, "How soon does the keeper have to get back to the captain?", "SK-6")
    assert answer.splitlines()[0].startswith("Answer: 20 minutes (supported)"), answer


def test_a_relation_only_the_object_a_part_points_back_to_names_is_not_asked(answerer):
    """"What caused that incident" names a cause by its verb; "incident" alone would name who led one (the vocabulary
    says that relation "incident commander"), but it is only what the part points back to. A sentence saying "an
    incident commander" says nothing of a cause and, saying no more of the part than the incident the opening statement
    names, does not answer it: unknown, not "incident commander"."""
    answer = _answer(answerer, "The harbour log links a recorded drill of a real Gullhaven blackout from March 2019. "
                     "What caused that incident, and how long did it last?", "DRL-7")
    assert answer_label(answer) == "unknown", answer


def test_which_of_a_kind_instead_and_who_leads_under_a_label_in_that_one(answerer):
    """"Which guild should it have gone to instead" of a fault reported to Guild Harbour: the sentence about the fault
    that names another guild ("should be routed to Guild Lamps") answers it, by that name whole. "In that guild" then
    points to the document that guild's name calls (guild-lamps--README.md) as well as to the charter the name was read
    in (whose "Leads:" are Guild Harbour's own); and a list item nested under "- **Leads:**" is a lead, where the one
    under "- **Owners:**" is not."""
    answer = _answer(answerer, "Someone reported a fault of gauge.north.example to Guild Harbour. Which guild should it "
                     "have gone to instead, and who is the lead of the gauge subproject in that guild?",
                     "guild-harbour--charter.md", "guild-lamps--README.md")
    assert answer.splitlines()[0].startswith("Answer: Guild Lamps; Ilse Marrow ("), answer
    # (a sentence naming another guild that says nothing of what the statement names, "subproject leads must report …
    # to the wider Guild-Beacon community", is not where the fault should have gone, however many of the question's
    # words it says)
    answer = _answer(answerer, "Someone reports an outage of gauge.north.example to Guild Harbour. Which guild should it "
                     "have gone to instead, and who is listed as lead of the gauge subproject in that guild?",
                     "guild-beacon--README.md", "guild-harbour--charter.md")
    assert answer.splitlines()[0].startswith("Answer: Guild Lamps"), answer


def test_a_list_item_nested_under_a_label_says_what_the_label_says(answerer):
    """"- **Chairs:**" over a nested list of names says what each name is, as a field's label says what its value is:
    "Who is listed as chair" is answered by the name under it, not by a sentence that says only "list"."""
    answer = _answer(answerer, "Who is listed as chair of the Lamp Guild?", "GLD-3")
    assert answer.splitlines()[0].startswith("Answer: Nils Harrow (supported)"), answer


def test_a_plural_pointer_to_people_left_unnamed_is_unanswered(answerer):
    """"Which keepers on the Tide Board also chair a guild, and which guild does each of them chair": "them" are the
    keepers the first part asks for; where the context names none, the second part is about no one, and "a charter"
    of a sentence about boards in general does not answer it."""
    answer = _answer(answerer, "Which keepers on the Tide Board also chair a guild, and which guild does each of them "
                     "chair?", "BRD-2")
    assert answer_label(answer) == "unknown", answer


@pytest.mark.parametrize("other, head", [
    ("crew-bells.md", "Answer: yes — Tomás Ferreira (@tferreira), Northlight and Tomas Fereira (@tferreira), Northlight "
                      "(likely)"),
    ("crew-horns.md", "Answer: unknown (unknown)"),
])
def test_two_spellings_are_one_person_where_their_lines_give_the_same_handle(answerer, other, head):
    """"Are these the same person", of two spellings a question gives: the lines naming each say it by what else they
    give alike (a handle, an employer) — yes, from two sources; where they give nothing alike, the context does not
    say."""
    answer = _answer(answerer, "The lamp crew lists a Tomás Ferreira, and another crew lists a Tomas Fereira. Are these "
                     "the same person?", "crew-lamps.md", other)
    assert answer.splitlines()[0].startswith(head), answer


def test_values_a_sentence_introduces_with_a_colon_as_a_code_block_answer_what_it_names(answerer):
    """"Which LAMP ranges were allocated": the sentence naming the ranges ends in ":" and the ranges follow as a short
    code block — they are its values, both of them, rather than a word of the sentence that only says the question's
    words again. And the subdomain quoted as code is a name of its own, not the grid's name said once more."""
    answer = _answer(answerer, "A recent decision says every beacon signal must be carried on the new grid. What is that "
                     "grid called, what subdomain will its DNS use, and which LAMP ranges were allocated for building its "
                     "lit and non-lit beacons?", "beacons--0046-signals.md", "beacons--0044-naming.md",
                     "beacons--0043-ranges.md")
    assert answer.splitlines()[0].startswith("Answer: Lantern Grid; lantern-grid; 10.77.0.0/16, 10.212.0.0/16 ("), answer


@pytest.mark.parametrize("block, read", [
    ("```\n10.77.0.0/16\n10.212.0.0/16\n```", "Ranges were allocated: `10.77.0.0/16`; `10.212.0.0/16`"),
    ("```\n$ lamp light --tower <id> \\\n    --hours <n>\n```", "Ranges were allocated: `$ lamp light --tower <id> --hours <n>`"),
    ('```json\n{"range": "10.77.0.0/16"}\n```', "Ranges were allocated:"),  # structured data, not values
    ("```\n- name: Lamp\n  range: 10.77.0.0/16\n```", "Ranges were allocated:"),
])
def test_a_short_code_block_after_a_colon_is_read_as_the_values_it_gives(block, read):
    """A sentence ending in ":" reads the short code block after it as its values (a command continued over lines as
    one); a block of structured data (JSON, YAML) gives none."""
    from graphrag_bench.answers.sentences import passage_sentences

    sentences = passage_sentences("BK-1", 1, f"Beacons — Ranges\nRanges were allocated:\n\n{block}\n\nThey are recorded.\n", 0)
    assert [s.text for s in sentences] == [read, "They are recorded."]


def test_a_word_the_question_negates_is_said_by_the_word_un_negates(answerer):
    """"What is the rule if they're not sure": "If you are unsure, then ring the bell ("If in doubt, ring it out")"
    says it ("unsure" is "not sure"), and its quoted rule answers."""
    answer = _answer(answerer, "Who decides whether we ring the storm bell, and what is the rule if they're not sure?",
                     "storm-bell.md")
    assert answer.splitlines()[0].startswith("Answer: Keeper; If in doubt, ring it out (supported)"), answer


def test_a_part_said_in_other_words_is_read_by_how_like_the_part_it_is(answerer):
    """"Why are time zones taken into account when picking them": "Time zones … should be considered when choosing, to
    ensure … coverage" says it in other words — less like the whole two-part question than like the part."""
    answer = _answer(answerer, "Who puts forward new ringers of the Bell Guild, and why are time zones taken into "
                     "account when picking them?", "guild-bells--README.md")
    assert "to ensure sufficient after-dark and feast-day coverage" in answer.splitlines()[0], answer


def test_a_name_written_before_the_asked_noun_answers_before_a_common_noun(answerer):
    """"What visibility do they need": "Lamp boards must have `Open` visibility" names the visibility right before the
    noun; the best-covering sentence gives only "permissions", and another names a Keeper crew, which is no
    visibility."""
    answer = _answer(answerer, "Why are lamp boards in the guild supposed to be created at the guild level rather than on "
                     "a single tower, and what visibility do they need?", "guild-boards.md")
    assert answer.splitlines()[0].endswith("; Open (supported) [guild-boards.md]"), answer


def test_what_the_documents_are_called_is_read_from_a_title_said_with_it(answerer):
    """"Which HRN superseded the Spring Watch": no id says what the harbour calls its notes, but "the Spring Watch HRN"
    says it, after the title of a note of the context; the part asks for a document, and the note saying so answers
    with itself, not with "Prior Art"."""
    answer = _answer(answerer, "Which HRN superseded the Spring Watch?", "0034-autumn-watch.md", "0031-spring-watch.md")
    assert answer.splitlines()[0].startswith("Answer: 0034-autumn-watch.md (Autumn Watch)"), answer


LAMP_LOG = [
    Passage("HL-9#1", "HL-9", 1, 2, "HL-9: Bell buoy drift — Summary\n"
            "The buoy was towed back by Bjorn Olsen of the tug crew, and the bell was retuned.", 0.9),
    Passage("HL-7#1", "HL-7", 1, 4, "HL-7: Fog lamp outage at the north quay — Timeline\n"
            "2031-03-02 06:10: lamp watch meeting held and lamp marshal (Bjørn Halvorsen) appointed.\n"
            "2031-03-02 09:40: progress on the quay lamps was reported to Bjorn, Ada and Per Lund.", 1.0),
]


def test_the_full_name_of_one_the_question_names_is_the_longer_name_its_document_writes(answerer):
    """"What is Bjorn's full name as written elsewhere in that log": the name of more words holding the one given,
    accents aside ("Bjørn Halvorsen"), from the log the question's opening statement is about (not "Bjorn Olsen" of
    another record, read first); the second part is then read of him (old code: the first part unanswered, "lamp
    marshal" alone)."""
    question = ("In the fog lamp outage, progress on the quay lamps was reported to 'Bjorn, Ada and Per Lund'. What is "
                "Bjorn's full name as written elsewhere in that log, and what role had he been appointed to?")
    answer = answerer(Retrieval(question, "baseline", passages=LAMP_LOG))
    head = answer.splitlines()[0]
    assert head.startswith("Answer: Bjørn Halvorsen; lamp marshal (supported) [HL-7]"), answer
    assert "Olsen" not in answer


@pytest.mark.parametrize("part, owner", [("What is Bjorn's full name as written in that log", "Bjorn"),
                                         ("what is the full name of Ada Lund", "Ada Lund"),
                                         ("What is the name of the Tidewatch exchange the quay office writes to", "")])
def test_the_name_asked_of_is_the_proper_name_that_owns_it(part, owner):
    """"the name of the Tidewatch exchange" asks an exchange's name: no name the context writes with "Tidewatch" in it
    answers it as Tidewatch's full name."""
    from graphrag_bench.answers.slots import name_asked_of

    assert name_asked_of(part) == owner


def test_his_full_name_after_a_statement_about_him_is_the_name_of_the_one_it_is_about(answerer):
    """"A Piet is listed on the lamp committee. What is his full name?": the longer name the committee page writes
    (old code: unknown, "his" named nobody)."""
    from graphrag_bench.answers.slots import name_asked_of

    assert name_asked_of("What is his full name", "A Piet is listed on the lamp committee.") == "Piet"
    assert name_asked_of("What is his full name") == ""
    answer = _answer(answerer, "A Piet is listed on the lamp committee. What is his full name?", "LC-1")
    assert answer.splitlines()[0] == "Answer: Piet Okonjo (supported) [LC-1]", answer


@pytest.mark.parametrize("question, points_back", [
    ("Which roster did the quay office replace, and what is the harbour office now switching its own bookings to?", False),
    ("Which crews did the quay office hire, and what are their own duties?", True),
    ("Which ferry did the quay office buy, and what does it use for its own repairs?", True)])
def test_its_own_after_a_noun_of_the_part_is_that_nouns(question, points_back):
    """"what is the harbour office now switching its own bookings to": "its own" is the harbour office's, no earlier
    answer's (old code: the part pointed back to the roster); "their own duties" with no noun of the part before it, and
    "it" beside "its own", still point back."""
    from graphrag_bench.answers.answer import default_answerer

    assert default_answerer().slots.read(question).parts[1].points_back is points_back


def test_a_name_the_question_says_only_by_a_word_cut_the_same_is_new_to_it(answerer):
    """"Who exactly does that call wake" after "a bell signal call": "Bell Signallers" is new to the question, whose
    "signal" five letters would not tell from "Signallers" (old code: None, the name counted as said); "Bell Signals",
    the question's own words, is still no answer."""
    from graphrag_bench.answers.fillers import choose
    from graphrag_bench.answers.slots import terms_of
    from graphrag_bench.language.spacy_pipeline import parse_all

    question = ("At level 3 the tide table tells the watch to raise the harbour alarm with a bell signal call. Who "
                "exactly does that call wake?")
    asked = answerer.slots.read(question)
    words = frozenset(terms_of(question, whole=True))
    woken, said = parse_all(["The call will wake all of the current Bell Signallers on watch.",
                             "The call will wake the Bell Signals on watch."])
    assert (choose(woken, asked.parts[0], set(asked.topic), question_words=words) or "").endswith("Bell Signallers")
    assert choose(said, asked.parts[0], set(asked.topic), question_words=words) is None


WARDEN_PAGES = [Passage("guild-duties.md#8", "guild-duties.md", 8, 9, "Lamp guild duties — Responsibilities\n- Setting up "
                        "a \"Lamp Wardens team\" that will oversee the running of TideHub management tasks (inviting new "
                        "members to the guild, trimming wicks, auditing oil stores)\n", 1.0),
                Passage("guild-readme.md#40", "guild-readme.md", 40, 44, "Lamp guild — Lamp Wardens Team\nThis team keeps "
                        "the keys of every tower.\n\nNominations to this team will come from the Tide Council, and require "
                        "confirmation by the Harbour Board before taking effect. Seasons and home ports should be "
                        "considered when selecting membership, to ensure sufficient cover over the winter storms.\n", 0.9)]


def test_a_part_is_read_in_the_sentence_every_other_part_was_answered_from(answerer):
    """"Who puts forward new members of the Lamp Wardens team, who has to confirm them, and why …": the second and
    third parts are read in the guild's page; the first is too ("Nominations … will come from the Tide Council"), over
    the duties page's sentence that says more of its words and names no one (old code: "TideHub management tasks",
    likely, from two pages)."""
    question = ("Who puts forward new members of the Lamp Wardens team, who has to confirm them, and why are seasons "
                "taken into account when picking them?")
    answer = answerer(Retrieval(question, "baseline", passages=WARDEN_PAGES))
    assert answer.splitlines()[0].startswith("Answer: Tide Council; Harbour Board; Seasons and home ports"), answer
    assert answer_label(answer) == "supported"


def test_a_span_holding_a_time_is_nobody(answerer):
    """"Who was on the watch that started on 2031-04-02": "Monday 9AM UTC" is when a watch turns over, though the
    entity tagger takes "UTC" for an organisation (old code: "Monday 9AM UTC", then "UTC")."""
    from graphrag_bench.answers.fillers import choose
    from graphrag_bench.language.spacy_pipeline import parse_all

    asked = answerer.slots.read("Who was on the harbour watch that started on 2031-04-02?")
    sentence = parse_all(["Each watch is 7-day long, starting and ending on Monday 9AM UTC."])[0]
    assert choose(sentence, asked.parts[0], set(asked.topic)) is None


def test_a_count_of_the_things_asked_about_is_not_their_measure(answerer):
    """"What are the length limits of a beacon code: the station part": "three parts" counts the parts the question
    asks about; the part's own sentence gives its limit (old code: "three parts" for each part)."""
    from graphrag_bench.answers.fillers import choose
    from graphrag_bench.language.spacy_pipeline import parse_all

    asked = answerer.slots.read("What are the length limits for a beacon code: the whole code and the station part?")
    assert [p.slot for p in asked.parts] == ["number", "number"], asked.parts
    whole = parse_all(["A beacon code always consists of three parts: station, lamp and signal."])[0]
    assert choose(whole, asked.parts[1], set(asked.topic)) is None
    station = parse_all(["Station: the slug of the station name, up to 12 characters."])[0]
    assert choose(station, asked.parts[1], set(asked.topic)) == "12 characters"
    asked = answerer.slots.read("How many parts does a beacon code have?")  # (a count asked for is a count)
    assert choose(whole, asked.parts[0], set(asked.topic)) == "three parts"


def test_a_value_right_after_the_asked_noun_is_its_own(answerer):
    """"(version 31.2.7) which introduced a fault" states the version asked for as surely as "The latest version
    (31.2.9)" states another one in brackets (old code: "31.2.9", the later sentence's value, stated in brackets)."""
    text = ("Tide gauge app fault — Summary\n"
            "Recently, we launched a new build of the tide gauge app (version 31.2.7) which introduced a fault that "
            "made every gauge report to the harbour server instead of the local one.\n"
            "The latest version (31.2.9) was released on 2031-02-10 with the fault removed.")
    passage = Passage("TG-2#1", "TG-2", 1, 3, text, 1.0)
    answer = answerer(Retrieval("Which tide gauge app version introduced the fault?", "baseline", passages=[passage]))
    assert answer.splitlines()[0] == "Answer: 31.2.7 (supported) [TG-2]", answer


def test_a_day_written_with_hyphens_is_a_date_and_a_release_number_is_none(answerer):
    """A version-history row, "Version: 1.0; Date: 14-Mar-2031; Description: First version": "when was its first
    version published" is its day, written day-month-year with hyphens (old code read no date in "14-Mar-2031", and
    answered "1.0", the release's number, which no day is)."""
    from graphrag_bench.language.text import WORD_DATE, iso_day

    assert iso_day("Date: 14-Mar-2031") == "2031-03-14"
    assert not WORD_DATE.search("the build-3-marker job")  # (a hyphen before a month's letters needs a year after)
    text = ("Harbour Lamp Policy — Version history\n"
            "| Version | Date | Description | Author |\n| --- | --- | --- | --- |\n"
            "| 1.0 | 14-Mar-2031 | First version | Ilse Marrow |\n"
            "| 1.1 | 02-Feb-2032 | Yearly review | Ilse Marrow |")
    passage = Passage("HLP#1", "HLP", 1, 5, text, 1.0)
    answer = answerer(Retrieval("When was the first version of the Harbour Lamp Policy published?", "baseline",
                                passages=[passage]))
    assert answer.splitlines()[0] == "Answer: 14-Mar-2031 (supported) [HLP]", answer


def test_a_negated_verb_that_states_a_condition_denies_nothing(answerer):
    """"If you do not acknowledge within 10 minutes, someone else will get paged" says how long one has to acknowledge
    (old code: the asked verb only negated, the sentence was read as saying what is not so, and gave nothing)."""
    question = "How long do you have to acknowledge a bell call before someone else is called?"
    assert _chosen(answerer, question, "If you do not acknowledge within 10 minutes, someone else will get called.") \
        == "10 minutes"
    assert _chosen(answerer, question, "Keepers do not acknowledge bell calls within 10 minutes.") is None


def test_what_introduces_an_example_is_no_part_of_the_answer(answerer):
    """"(e.g., Ilse Marrow with the lamp)": the example's name, without "e.g." (old code: "e.g., Ilse Marrow")."""
    assert _chosen(answerer, "Who is named as an individual owner of the lamp code?",
                   "If there is an individual with expertise in a given part of the code, who is not on the owning crew "
                   "(e.g., Ilse Marrow with the lamp), that person should be listed as owner.") == "Ilse Marrow"


def test_minutes_called_by_their_day_in_other_words_answer_by_the_field_labelled_in_the_questions_words(answerer):
    """"The 3 April 2025 meeting" is the minutes headed "2025-04-03": the day's words are theirs; and "Unavailable:
    Ilse Marr, Tomas Reyes" is labelled in the question's own word (old code: unknown)."""
    answer = _answer(answerer, "Which council members were listed as unavailable for the 3 April 2025 meeting?",
                     "MIN-12", "MIN-5")
    assert answer.splitlines()[0] == "Answer: Ilse Marr, Tomas Reyes (supported) [MIN-12]", answer


def test_minutes_titled_by_their_day_are_about_its_month(answerer):
    """"The September 2024 motion" is one of the minutes titled "2024-09-27": they are about September 2024 without
    writing the month's name (old code: unknown, no document said "September")."""
    answer = _answer(answerer, "On what grounds did the September 2024 motion propose that the keepers stop recording "
                               "their meetings?", "MIN-13", "MIN-5")
    assert answer.splitlines()[0] == "Answer: risks outweigh the benefits (supported) [MIN-13]", answer


def test_how_long_is_never_a_bare_number(answerer):
    """"How long is a keeper's term": "2 year", not the "4.5" of "[Section 4.5]" (old code: "4.5")."""
    question = "How long is a term for a harbour keeper?"
    assert _chosen(answerer, question, "A harbour keeper can be removed by the board (per the harbour rules, Section "
                                       "4.5).") is None
    assert _chosen(answerer, question, "Harbour keepers serve a 2 year term.") == "2 year"


def test_a_graph_fact_read_outside_the_minutes_the_question_calls_by_their_day_does_not_answer(answerer):
    """A policy's fact that someone is a member of the council, asked which council members were unavailable at the
    meeting of one day: the minutes of that day answer (old code: "Piet Okonjo", from the policy)."""
    member = Fact("person:piet_okonjo", "Piet Okonjo", "MEMBER_OF", "team:council", "council", "KP-1", 3,
                  "Piet Okonjo is a member of the council.", 1.0, 1)
    question = "Which council members were listed as unavailable for the 3 April 2025 meeting?"
    start = question.index("council")
    answer = answerer(Retrieval(question, "graphrag", passages=_passages("MIN-12"), facts=[member],
                                pinned=["team:council"], question_pins=["team:council"],
                                question_spans=[("team:council", start, start + len("council"))]))
    assert answer.splitlines()[0] == "Answer: Ilse Marr, Tomas Reyes (supported) [MIN-12]", answer


def test_a_quoted_agenda_item_above_an_instruction_is_nobody_who_does_it(answerer):
    """"Use the time slot on November 1st?" under the agenda item "Schedule time for the lamp warden election": the
    item is no one's name, and nobody elected is said (old code: the agenda item, as the one elected)."""
    answer = _answer(answerer, "Who was elected lamp warden in the November 2025 election?", "MIN-14")
    assert answer_label(answer) == "unknown" and "Schedule" not in answer, answer


def test_me_in_a_line_of_minutes_is_the_one_who_says_it(answerer):
    """"Odile: … So far the only volunteer has been me": the volunteer is Odile, who says it (old code: unknown, "me"
    named nobody)."""
    answer = _answer(answerer, "Who was the only volunteer to stand in for Teodor at the harbour board?", "MIN-15")
    assert answer.splitlines()[0] == "Answer: Odile (supported) [MIN-15]", answer


def test_a_year_the_question_gives_is_read_in_its_own_section_and_no_yearly_allowance_conflicts(answerer):
    """A budget with a table for each year, asked what was spent in one: the row under that year's heading answers,
    with the currency's sign, and the policy's "up to $5,000 … each year" is no other figure for it (old code: "8,420",
    the total of another year; without the year's own row, a conflict with the policy)."""
    answer = _answer(answerer, "According to the keepers' budget table, how much was actually spent on lamp oil in "
                               "2031?", "LB-1", "LB-1b", "LO-1")
    assert answer.splitlines()[0] == "Answer: $1,250 (supported) [LB-1]", answer


def test_a_figure_the_opening_statement_gives_leads_to_the_section_that_discusses_it(answerer):
    """"The 2031 budget reserves $12,000 for apprentice grants": the minutes asking to approve "the proposed $12,000 for
    these grants" discuss that money, and their sentence before it says whom it funds and how much each gets; the
    budget's row states the opening statement, a second source (old code: unknown, the minutes' sentence saying
    neither "budget" nor "people")."""
    answer = _answer(answerer, "The 2031 budget reserves $12,000 for apprentice grants. How many people was that money "
                               "meant to fund, and how much was each to get?", "MIN-16", "LB-1b", "LB-1")
    assert answer.splitlines()[0] == "Answer: three apprentices; $4,000 (likely) [MIN-16] [LB-1]", answer


@pytest.mark.parametrize("question, sentence, filler", [
    # "how many people": a count of them, not a span of time or money
    ("How many people was the money meant to fund?", "Odile: Decision: <1 week turnaround on asks from people.", None),
    ("How many people was the money meant to fund?", "We fund three apprentices at $4,000 over 12 months.",
     "three apprentices"),
    # "how many days": a span of time is the count of its unit
    ("How many days does the lamp watch last?", "The lamp watch lasts 10 days.", "10 days"),
    # a bare "how much": an amount, not a count of things, and money before a span of time
    ("How much was each apprentice to get?", "We fund three apprentices at $4,000 over 12 months.", "$4,000"),
])
def test_how_many_counts_things_and_how_much_asks_an_amount(answerer, question, sentence, filler):
    """(old code: "1 week" counted people; "12 months" or "three apprentices" answered how much)"""
    assert _chosen(answerer, question, sentence) == filler


def test_who_was_the_person_a_clause_describes_is_asked_by_the_clause_verb(answerer):
    """"Who was the person the keepers first discussed hiring": the clause says what was done to them, and a sentence
    naming them by no noun answers ("Proposal to hire Ilse for lamp oil work"); minutes that say the budget in one item
    and lamp oil in another do not state that the budget has a line for it, the budget's own row does: a second source
    (old code: "Piet", from "a person would be hired under Piet", the one sentence saying "person")."""
    assert {"hir", "discu"} <= set(asked_words("Who was the person the keepers first discussed hiring to do it?"))
    answer = _answer(answerer, "The keepers' 2031 budget has a separate line for lamp oil. Who was the person the "
                               "keepers first discussed hiring to do that lamp oil work?", "MIN-17", "LB-1b")
    assert answer.splitlines()[0] == "Answer: Ilse (likely) [MIN-17] [LB-1]", answer


def test_a_meeting_is_the_minutes_of_its_day_and_a_proposal_is_made_by_the_speaker_of_its_line(answerer):
    """"At which meeting …": minutes are called meetings by the titles that name them by their day ("Keepers meeting
    2031-11-10"), and the one whose conclusion answers is named; "Odile: Proposal - could we …" is Odile's proposal
    (old code: the conclusion's words as the meeting, and no one who proposed it)."""
    assert {"mad", "propo"} <= set(asked_words("Who made the proposal?"))
    answer = _answer(answerer, "At which meeting did the keepers conclude they would keep their slot and meet every "
                               "two weeks, who made the proposal, and who was to send out the invites?", "MIN-18", "MIN-19")
    head = answer.splitlines()[0]
    assert head.startswith("Answer: MIN-18 (2031-10-27); Odile; Teodor (supported)"), answer


def test_an_agenda_item_is_what_the_discussion_nested_below_it_is_about(answerer):
    """"- Allowing lamp observers" above "Ilse and Teodor will handle it": the item's
    words are the sentence's, as a heading's are (old code: unknown, the sentence saying nothing of observers)."""
    answer = _answer(answerer, "Who will handle allowing lamp observers at meetings?", "MIN-20")
    assert answer.splitlines()[0] == "Answer: Ilse and Teodor (supported) [MIN-20]", answer


def test_a_user_name_is_answered_with_the_name_it_is_of(answerer):
    """"(ohuss)" is Odile Huss, the one two-word name of the context whose initial and last word make it; "two members
    called Odile" is a statement about two, no fact to chain (old code: "ohuss")."""
    answer = _answer(answerer, "The keepers have two members called Odile. Which one was approved as co-lead of the "
                               "lamp team?", "MIN-20")
    assert answer.splitlines()[0] == "Answer: Odile Huss (ohuss) (supported) [MIN-20]", answer


def test_which_two_people_are_the_people_a_sentence_names_together(answerer):
    """"which two people were proposed": the people a proposal names ("with Piet and Ilse Marr"), not the team it
    establishes, which the tagger takes for an organisation's name; and the two of one sentence are both of them
    (old code: "Establish Keepers documentation subteam", with a second value from elsewhere)."""
    answer = _answer(answerer, "When the Council decided to set up a subteam to document its output, which two "
                               "people were proposed for it?", "MIN-21")
    assert answer.splitlines()[0] == "Answer: Piet and Ilse Marr (supported) [MIN-21]", answer


def test_who_were_asks_for_everyone_a_list_gives_and_a_tag_in_brackets_is_no_part_of_a_name(answerer):
    """"who were on the rotation": every keeper of the period's list, each without the tag that ends it ("Piet Okonjo
    (pokonjo) [NORTH]" is Piet Okonjo) (old code: "Piet Okonjo" alone, the list not read as one)."""
    from graphrag_bench.language.text import split_items

    assert [item for item, _ in split_items("Piet Okonjo (pokonjo) [NORTH], Ilse Marr (imarr) [SOUTH]")] \
        == ["Piet Okonjo", "Ilse Marr"]
    answer = _answer(answerer, "Who were on the rotation that started on 2031-05-05?", "ROT-2")
    assert answer.splitlines()[0] == "Answer: Piet Okonjo, Ilse Marr (supported) [ROT-2]", answer


def test_the_sentence_after_an_earlier_answer_answers_a_part_pointing_back_only_by_its_own_words(answerer):
    """"… and which engineer is the ambassador for it": the sentence after the one giving the handle goes on about the
    handle but says nothing of an ambassador, and answers nothing (old code: "@keepers-all", the handle the page says
    not to use)."""
    answer = _answer(answerer, "Which handle should you tag to get the lamp team's immediate attention, and which "
                               "security engineer is the ambassador for it?", "LT-1")
    assert answer.splitlines()[0].startswith("Answer: @lamp-support"), answer
    assert "@keepers-all" not in answer and "tagging/DM" not in answer, answer


def test_a_relative_clause_set_off_by_commas_inside_a_part_is_no_part_and_a_wh_subject_does_it(answerer):
    """"on what schedule is X, which that team maintains, continuously deployed" is one part, when X is deployed (old
    code: a part "which that team maintains, continuously deployed"); "which Slack tag pings its on-call member" asks
    which tag does the pinging, whatever the parser hangs "which" on (old code: the tag read as the one pinged)."""
    from graphrag_bench.answers.slots import done_by

    asked = answerer.slots.read("What is that team's name, and on what schedule is quay.example, which that team "
                                "maintains, continuously deployed?")
    assert [p.text for p in asked.parts] == ["What is that team's name",
                                             "on what schedule is quay.example continuously deployed"]
    assert done_by("which Slack tag pings its on-call member") == ()


def test_a_line_labelled_as_what_tells_another_part_is_that_parts(answerer):
    """"the shore part and the signal": "Signal: … of the given shore, up to 8 characters" says the shore but is
    labelled as the signal's, and answers the signal's part only (old code: no limit of the shore's own, "Shore: the
    slug of the shore name, up to 12 characters", read)."""
    answer = _answer(answerer, "What are the length limits for a lamp code: the shore part and the signal?", "LK-1")
    assert answer.splitlines()[0] == "Answer: 12 characters; 8 characters (supported) [LK-1]", answer


def test_a_sentence_naming_only_what_a_who_question_names_does_not_say_who(answerer):
    """"Who leads the Lamp Guild team?": "Lamp Guild team responsibilities" are the team's things, no one; a sentence
    saying the team's name and nothing of leading says nothing of who, and "team", the object of "leads", names no
    relation the part asks (membership) (old code: "Lamp Guild team responsibilities", supported)."""
    answer = _answer(answerer, "Who leads the Lamp Guild team?", "LG-2")
    assert answer_label(answer) == "unknown", answer


def test_a_passive_agent_is_what_its_verb_asks_and_a_title_is_named_with_what_it_is_of(answerer):
    """"authorized by the Director of Lamps and Lenses" answers who authorizes, and whole; not who approved, which the
    record's column says (old code: "Director" for who approved, "Lamps and Lenses" for who authorizes)."""
    answer = _answer(answerer, "Who approved the Beacon Policy, and who has to authorize an exception to it?",
                     "BP-1", "BP-1b")
    assert answer.splitlines()[0].startswith("Answer: Teodor Blum; Director of Lamps and Lenses (supported)"), answer


def test_a_preposition_said_again_after_and_asks_the_same_of_each_phrase(answerer):
    """"… for replacing a bulb and for cleaning a lens": one part for each, each answered by its own row (old code:
    one part, answered by one row)."""
    asked = answerer.slots.read("What resolution times does the lamp team commit to for replacing a bulb and for "
                                "cleaning a lens?")
    assert [p.text for p in asked.parts] == [
        "What resolution times does the lamp team commit to for replacing a bulb",
        "What resolution times does the lamp team commit to for cleaning a lens"]
    answer = _answer(answerer, "What resolution times does the lamp team commit to for replacing a bulb and for "
                               "cleaning a lens?", "RQ-1")
    assert answer.splitlines()[0].startswith("Answer: Within 3 days; Within 2 weeks (supported)"), answer


def test_the_tags_of_listed_names_are_all_the_regions_noted_for_them(answerer):
    """"which regions are noted for them": every tag the period's names carry (old code: "NORTH" alone)."""
    answer = _answer(answerer, "Who were on the rotation that started on 2031-05-05, and which regions are noted for "
                               "them?", "ROT-2")
    assert answer.splitlines()[0].startswith("Answer: Piet Okonjo, Ilse Marr; NORTH, SOUTH (supported)"), answer


def test_what_happened_to_a_thing_is_what_its_verb_says_and_which_teams_did_it_is_the_named_subject(answerer):
    """"What happened to the Tide Watch": the verb a sentence says of it ("was disbanded", after the alert mark of a
    quote); "which crews took over its duties": the named subject of "took", not the watch the object names (old code:
    nothing, and "Tide Watch")."""
    answer = _answer(answerer, "What happened to the Tide Watch, and which crews took over its duties?", "TW-1")
    assert answer.splitlines()[0].startswith("Answer: disbanded; Harbour Crew (supported)"), answer


def test_a_noun_said_once_for_two_listed_things_and_a_word_written_as_one_are_read_for_each(answerer):
    """"the east and west watch rules": each part asks of its own rules; "timezone" says "time zones"; and the span
    whose clause says "east" is east's (old code: nothing for east, the part reading "the east" alone)."""
    asked = answerer.slots.read("Which time zones do the east and west watch rules use?")
    assert [p.text for p in asked.parts] == ["Which time zones do the east rules use",
                                             "Which time zones do west watch rules use"]
    answer = _answer(answerer, "Which time zones do the east and west watch rules use?", "WRT-1")
    assert answer.splitlines()[0].startswith("Answer: Tromsø; CET (supported)"), answer


def test_a_question_line_is_what_the_lines_below_it_answer_and_answers_nothing_itself(answerer):
    """A FAQ's "Can I get a list of my towers that were logged?" states nothing: the answer below it, which it is
    about, gives the reason (old code: the question line itself as the reason)."""
    from graphrag_bench.answers.sentences import passage_sentences

    sentences = passage_sentences("FQ-1", 30, "\n".join(NOTES["FQ-1"][::2]), 0)
    assert [s.topic for s in sentences[1:3]] == ["Can I get a list of my towers that were logged?"] * 2
    answer = _answer(answerer, "Why can the keepers not give towers a list of their logged towers?", "FQ-1")
    head = answer.splitlines()[0]
    assert head.startswith("Answer: ") and "Can I get" not in head and "purge the logs" in answer, answer


def test_a_line_below_an_agenda_item_that_names_what_the_part_names_answers_it_and_a_city_is_a_place(answerer):
    """"- Announcements ⏎ - Odile: Found a venue for Lamp Days 2032 (Bergen, Norway)": the line names Odile, whom the
    part asks about, whatever item it is nested below; "which city" is answered by a place's name (old code: nothing,
    the line read as the item's; and "Lamp Days 2032" before the city)."""
    answer = _answer(answerer, "In which city had Odile found the venue?", "MIN-22")
    assert answer.splitlines()[0] == "Answer: Bergen (supported) [MIN-22]", answer


def test_a_part_that_leaves_out_the_verb_is_told_from_the_one_before_by_what_it_asks_of(answerer):
    """"How long is a term for a Harbour Lamp Warden, and how long for a Tide Clerk": each part asks of its own role,
    and the clerk's term, under a title that says "Harbour" too, is no other value of the warden's (old code: the
    clerk's part read as "how long for a Tide Clerk", answered by the soft limit; with the part read whole, "the
    sources disagree")."""
    answer = _answer(answerer, "How long is a term for a Harbour Lamp Warden, and how long for a Tide Clerk?",
                     "TRM-1", "TRM-2")
    assert answer.splitlines()[0] == "Answer: 2 year; 1 year (likely) [TRM-1] [TRM-2]", answer


def test_who_is_named_as_a_role_asks_who_holds_the_role(answerer):
    """"Who is named as the leadership …": the role of the "as" phrase is what is asked, as "who is named Team Lead"
    asks the lead (old code: unknown, the sentence saying "leadership" but not "named")."""
    from graphrag_bench.answers.slots import asked_words

    assert asked_words("who was appointed as chair of the board") == ("chair",)
    assert asked_words("which records list this keeper as their only author") == ("list",)  # (the object's role)
    answer = _answer(answerer, "Who is named as the leadership the weekly keeper reports should raise needs with?",
                     "WKR-1")
    assert answer.splitlines()[0] == "Answer: Odile Varga (supported) [WKR-1]", answer


def test_a_sentence_saying_a_thing_is_an_amount_of_time_says_how_long_it_lasts(answerer):
    """"Watches are 3 weeks" answers "how long is a watch meant to last", though it says neither "meant" nor "last"
    (old code: unknown, the sentence covering too little of the part's words)."""
    answer = _answer(answerer, "How long is a watch meant to last?", "WCH-1")
    assert answer.splitlines()[0] == "Answer: 3 weeks (supported) [WCH-1]", answer


def test_a_number_counting_a_word_of_the_part_is_that_count(answerer):
    """"how many were spam" of a tally, "2 lamp team, 4 guests, 5 keeps, 15 spam": the 15 counts the spam (old code:
    "4 guests", as near the word in the parse, and first)."""
    question = "Of the replies to the lamp-day sign-up form, how many said yes and how many were spam?"
    assert _chosen(answerer, question, "2 lamp team, 4 guests, 5 keeps, 15 spam", part=1) == "15 spam"


def test_a_sentence_beside_the_answer_that_says_the_same_of_another_answers_a_plural_part_too(answerer):
    """"Which crews took over its duties": "Lamp Operations crew took full charge of …" and, beside it, "The Beacon crew
    takes full charge of the fog horns" — the same verb and object, of another crew; each said with what its charge is
    of (old code: the first alone)."""
    answer = _answer(answerer, "What happened to the Night Watch crew, and which crews took over its duties?", "NWC-1")
    assert answer.splitlines()[0] == ("Answer: disbanded; Lamp Operations crew (all other Night Watch crew duties), "
                                      "Beacon crew (the fog horns) (supported) [NWC-1]"), answer


def test_how_often_is_not_answered_by_a_count_of_things(answerer):
    """"How often should the keepers review the charter": "this one ad-hoc review" counts a review, it is no frequency
    (old code: "one ad-hoc review"); "3 times a year" is one."""
    question = "How often should the keepers review the charter?"
    assert _chosen(answerer, question, "Keeper: Any objections to this one ad-hoc review of the charter?") is None
    assert _chosen(answerer, question, "The keepers review the charter 3 times a year.") == "3 times a year"


def test_a_part_asking_which_row_has_none_of_a_column_is_answered_by_the_row_the_table_leaves_empty(answerer):
    """"Which watch period has no keepers recorded": the row whose Keepers cell is "?" (old code: a period with
    keepers, or nothing)."""
    answer = _answer(answerer, "Which watch period has no keepers recorded?", "KW-1")
    assert answer.splitlines()[0] == "Answer: 2031-02-04 to 2031-03-06 (supported) [KW-1]", answer


def test_how_long_something_lasted_is_not_a_deadline(answerer):
    """"For how long was the fog horn silent": "the horn can be restored within 30 days" says by when it can be, not how
    long it was silent (old code: "30 days"); "silent for 2 days" says how long, and "within 10 minutes" how long one
    has to answer."""
    question = "For how long was the fog horn silent?"
    assert _chosen(answerer, question, "A silent fog horn can be restored by the keepers within 30 days.") is None
    assert _chosen(answerer, question, "The fog horn was silent for 2 days.") == "2 days"
    # (the time allowed for an act is what "how long do you have to …" asks)
    assert _chosen(answerer, "How long do keepers have to answer a call before the next keeper is rung?",
                   "If you do not answer within 10 minutes, the next keeper is rung.") == "10 minutes"


def test_a_note_after_a_name_says_whom_its_preposition_is_of(answerer):
    """"Ilse is listed as a substitute … Whom was she standing in for?": "Ilse (sub for tblum)" in that meeting's
    attendance says it, "sub" clipping "substitute"; the later minutes calling for a substitute for Ilse are no second
    source of it (old code: unknown)."""
    answer = _answer(answerer, "Ilse is listed as a substitute at the keepers' meeting of 9 May 2031. Whom was she "
                               "standing in for?", "MIN-40", "MIN-41")
    assert answer.splitlines()[0] == "Answer: tblum (supported) [MIN-40]", answer


@pytest.mark.parametrize("sentence, filler", [
    # the doer of the clause done to what the part names, not the doer of the clause done to its infrastructure
    ("Only Quay infrastructure is owned by the Lamp Crew team, but the service is owned by #harbour-office.",
     "#harbour-office"),
    # one doer, whatever it is done to: the sentence's own
    ("Quay infrastructure is owned by the Lamp Crew team.", "Lamp Crew team"),
])
def test_of_two_passive_doers_the_one_done_to_what_the_part_names_answers(answerer, sentence, filler):
    """"Who owns the Quay service?": "Only Quay infrastructure is owned by A, but the service is owned by B" says B
    owns the service; A owns another thing (old code: the named team, A)."""
    assert _chosen(answerer, "Who owns the Quay service?", sentence) == filler


def test_a_record_that_links_to_the_named_document_gives_its_own_authors_not_that_documents(answerer):
    """"Author(s): Ines Calder; Supersedes: [TT 0012](…)" in the neap tide rules' record names who wrote those rules:
    asked who wrote TT 0012, whose own record is not retrieved, the line that links to it is no answer (its link still
    answers which table superseded TT 0012)."""
    answer = _answer(answerer, "Who authored the Spring Tide Table (TT-0012)?", "0014-tide-rules.mdb", "0014-tide-rules.md",
                     "0012-tide-table.mdb")
    assert answer_label(answer) == "unknown" and "Calder" not in answer and "Varga" not in answer, answer
    linked = _answer(answerer, "Which TT superseded TT 0012?", "0014-tide-rules.md")
    assert linked.splitlines()[0].startswith("Answer: 0014-tide-rules.md (Neap Tide Rules)"), linked


def test_a_part_pointing_to_a_document_the_context_lacks_takes_no_other_documents_record(answerer):
    """Asked who co-wrote the table the Neap Tide Rules superseded (TT 0012, whose own record is not retrieved), the
    record of another table by the same author ("Name: Tide Clock; Author(s): Ines Calder") is no answer: its name is
    not an author, and its authors are another table's."""
    answer = _answer(answerer, "Which TT did the Neap Tide Rules supersede, and who co-authored that earlier TT together "
                     "with Ines Calder?", "0014-tide-rules.md", "0018-tide-clock.md", "0016-tide-marks.md")
    first = answer.splitlines()[0]
    assert first.startswith("Answer: TT 0012") and "Tide Clock" not in first and "Varga" not in first, answer


def test_a_bracket_the_filler_opens_after_its_article_holds_the_name(answerer):
    """"via the [Lamp Crew List]": the link's text is the name; the bracket is not where the filler ends ("the")."""
    sentence = "Lamp keepers must report to the wider harbour board via the [Lamp Crew List] on a quarterly basis."
    assert _chosen(answerer, "Which channel should the keepers have written to instead?", sentence) == "Lamp Crew List"


def test_a_code_quote_the_filler_leaves_half_open_ends_it(answerer):
    """"the `@tide-support` group in Slack": the alias is what the code quote holds, not "@tide-support` group"."""
    sentence = ("This configuration ensures that the `@tide-support` group in Slack gets updated to the person currently "
                "on support in the pager tool.")
    assert _chosen(answerer, "What Slack alias reaches the engineer on its support rotation?", sentence) == "@tide-support"
    # (a quote the span opens is no end of it: "the `Lamp-Life" is not "the")
    question = ("The lamp log design tells keepers to pass on the tower's error when a tower does not support the feature "
                "it builds on. Which header carries the lamp's life, and which err_code does the tower return when that "
                "header is lit on a tower where the feature is disabled?")
    sentence = "When a lamp with the `Lamp-Life` header is lit on a tower with the feature disabled the lamp will be refused."
    assert _chosen(answerer, question, sentence) == "Lamp-Life"


def test_the_clause_describing_a_noun_of_a_sentence_without_a_verb_is_the_sentence():
    """"The earlier lamp rota." has no verb to climb to: the noun's phrase is what describes it (old code looped
    forever, a spaCy token's head being a new object on each read)."""
    from graphrag_bench.answers.slots import describing_clause

    assert describing_clause("The earlier lamp rota.", "rota") == ("The earlier lamp rota", "earlier lamp rota")


def test_a_yes_no_question_joined_by_and_before_its_own_subject_is_a_part_of_its_own(answerer):
    """", and do their FLASH_TIMEOUT defaults differ": an auxiliary after the comma opens a yes/no part whose subject
    is a noun phrase ("their … defaults"), not only a pronoun; it is not read into the parts before it."""
    parts = answerer.slots.read("Both the tower proposal and the shore proposal define a FLASH_TIME option. What is its "
                                "default on the tower and on the shore, and do their FLASH_TIMEOUT defaults differ?").parts
    assert [p.slot for p in parts] == ["thing", "thing", "polar"], parts
    assert "differ" not in parts[0].text and "differ" not in parts[1].text, parts


def test_which_thing_goes_with_which_is_asked_of_each_thing_the_statement_lists(answerer):
    """"Which switch belongs to which proposal" after a statement listing three proposals: one part for each, each
    answered from the proposal it names; "belongs to" only relates the two (what is asked is the switch)."""
    answer = _answer(answerer, "The fog horn, beacon sweep and tide gauge proposals each gate their feature behind a "
                     "switch. Which switch belongs to which proposal?", "TG-7", "FH-3", "BN-5")
    assert answer.splitlines()[0].startswith("Answer: KEEP_FOG_CHIMES; KEEP_BEACON_SWEEP; KEEP_TIDE_ALARM"), answer


def test_a_part_about_the_document_the_earlier_parts_were_read_in_is_not_told_by_another_documents_record(answerer):
    """"…, and who wrote the proposal?" after a part read in the gull lamp proposal asks who wrote that proposal: the
    seal light proposal's "Author(s): Ines Calder" is another proposal's author."""
    answer = _answer(answerer, "In the gull lamp proposal, why was the amber filter rejected, and who wrote the proposal?",
                     "GLP-2", "SLP-7")
    assert "gulls could not see it" in answer.splitlines()[0] and "Ines Calder" not in answer, answer


def test_a_full_name_is_the_name_written_with_the_handle_in_brackets(answerer):
    """"What is tmarr's full name" after a statement naming @tmarr: "Tomas Marr (tmarr)" writes it."""
    answer = _answer(answerer, "The night rota will be kept by @tmarr and @oblum. What is tmarr's full name?",
                     "MIN-50", "NR-3")
    assert answer.splitlines()[0].startswith("Answer: Tomas Marr"), answer


def test_a_document_is_asked_for_by_the_acronym_its_short_id_is_written_after(answerer):
    """Files named K32-…, K41-…, and prose writing "kRFC K105": "which kRFC did that person author" asks for a document,
    answered by the one whose record names that person, not by a value of the record."""
    answer = _answer(answerer, "The lamp rota kRFC says the rota will be kept by @imarr and @pokonjo. What is imarr's "
                     "full name, and which vLX kRFC did that person author?", "K41-lamp-rota.md", "K32-gull-alarm.md")
    assert answer.splitlines()[0].startswith("Answer: Ilse Marr; K32-gull-alarm.md"), answer


def test_a_title_written_after_a_short_id_names_that_document():
    """"kRFC K32: Gull Alarm Warnings" in the tide lamp's list of related proposals: the title a reader takes from that
    line names K32's document (a document answer), not the tide lamp's own, in which the line is written."""
    from graphrag_bench.answers.reader import ContextWords

    sentences = context_sentences(Retrieval("Which kRFC is that?", "baseline",
                                            passages=_passages("K50-tide-lamp.md", "K32-gull-alarm.md")))
    words = ContextWords(sentences)
    line = next(i for i, s in enumerate(sentences) if "Gull Alarm Warnings" in s.text)
    [(_, _, named)] = words.documents_named([(1.0, line, "Gull Alarm Warnings")])
    assert named.startswith("K32-gull-alarm.md ("), named


def test_a_word_of_mixed_case_before_the_asked_noun_is_part_of_it():
    """"which xDS tRFC did that person author": the small tagger reads "xDS" there as a symbol, and the wh-word as the
    verb's subject; the noun asked for is still "xDS tRFC" (so a part asking for a document is read as one)."""
    from graphrag_bench.answers.slots import asked_noun

    assert asked_noun("which xDS tRFC did that person author") == ("xDS tRFC", False)


def test_a_part_pointing_back_to_a_document_called_by_number_is_not_told_by_another_documents_record(answerer):
    """"What does kRFC K105 introduce, and who wrote it?": "it" is K105, which the context does not hold; the gull
    alarm's record, which names K105 among its fields ("Updated by: kRFC K105"), gives its own author, not K105's."""
    answer = _answer(answerer, "The gull alarm kRFC was later updated by kRFC K105 on alarm volume. What loudness does "
                     "K105 introduce, and who wrote it?", "K32-gull-alarm.md", "K41-lamp-rota.md")
    assert answer_label(answer) == "unknown" and "Ilse Marr" not in answer, answer


def test_a_plural_part_is_answered_by_the_whole_series_of_quoted_items_its_filler_is_one_of(answerer):
    """"which gull calls does it keep": every item of '"shriek", "whistle", "low-hum" and "chirp"', not the first."""
    answer = _answer(answerer, "When the tower converts a gull's calls to alarm tones, which gull calls does it keep?",
                     "K44-gull-calls.md")
    assert answer.splitlines()[0].startswith("Answer: shriek, whistle, low-hum, chirp"), answer


def test_the_value_code_sets_to_the_asked_name_answers_what_it_is(answerer):
    """"`max_glow=90lm`": what max_glow defaults to is the value set to it, not the other name set beside it."""
    sentence = "As the lamp guide says, `lamp_fade` is optional and defaults to `min_glow=5lm` and `max_glow=90lm`."
    assert _chosen(answerer, "What is the default max_glow of lamp_fade?", sentence) == "90lm"


def test_which_one_of_the_names_a_lead_lists_is_the_one_the_answers_sentence_says(answerer):
    """"Of the three tide alarms TideAlarmLow, TideAlarmMid and TideAlarmHigh, which one is only a notice": the
    lead's names are the choices (joined by "and" where the part asks which one), and of those the one the answer's
    own sentence says answers, though its document says all three."""
    parts = answerer.slots.read("Of the three tide alarms TideAlarmLow, TideAlarmMid and TideAlarmHigh, which one is "
                                "only a notice?").parts
    assert parts[0].choices == ("TideAlarmLow", "TideAlarmMid", "TideAlarmHigh"), parts
    assert answerer.slots.read("Ada, Bo and Cy lead the rota. Which team do they lead?").parts[0].choices == ()
    answer = _answer(answerer, "Of the three tide alarms TideAlarmLow, TideAlarmMid and TideAlarmHigh, which one is only "
                     "a notice?", "TA-1")
    assert answer.splitlines()[0].startswith("Answer: TideAlarmHigh"), answer


def test_what_a_sentence_quotes_right_after_the_asked_noun_is_its_value_whole(answerer):
    """'on the following rota "08:00 UTC on Tuesday, 07:00 UTC other weekdays"': the quote, not its first time."""
    sentence = 'The lamp is relit on the following rota "08:00 UTC on Tuesday, 07:00 UTC other weekdays".'
    assert _chosen(answerer, "On what rota is the lamp relit?", sentence) \
        == "08:00 UTC on Tuesday, 07:00 UTC other weekdays"


def test_the_other_thing_of_a_kind_the_statement_introduces_as_another_is_the_one_its_restating_sentence_names(answerer):
    """"… ships together with another kRFC's feature …. Who authored the other kRFC": the sentence restating the
    statement names kRFC K33; "the other kRFC" is K33, whose record says who wrote it — whatever an earlier part
    answered."""
    answer = _answer(answerer, "The lamp filters proposal says its shore side support ships together with another kRFC's "
                     "feature and is guarded by the same switch. On which side does it ship, and who authored the other "
                     "kRFC?", "K39-lamp-filters.md", "K33-fog-bells.md")
    assert answer.splitlines()[0].endswith("; imarr (likely) [K39-lamp-filters.md] [K33-fog-bells.md]"), answer


def test_a_few_words_set_before_a_later_parts_wh_word_are_that_parts_own(answerer):
    """", and by default at most how many lamps …": a part of its own (not read into the one before), whose words
    "by default" are what it asks of."""
    parts = answerer.slots.read("Who wrote the tower rules, and by default at most how many lamps does one tower "
                                "light?").parts
    assert [p.wh for p in parts] == ["who", "how many"], parts
    assert "defau" in parts[1].terms and "lamp" not in parts[0].terms, parts


def test_code_quoted_whole_is_no_person_whatever_the_tagger_calls_it(answerer):
    """"`LAMP_WARDEN_IDA_MARR`", which the small tagger takes for a person's name, is a switch: no one wrote anything;
    a handle quoted as code ("`@imarr`") is still someone."""
    assert _chosen(answerer, "Who authored the lamp proposal?",
                   "The switch `LAMP_WARDEN_IDA_MARR` will guard this feature for the initial release.") is None
    assert _chosen(answerer, "Who authored the lamp proposal?", "The lamp proposal was written by `@imarr`.") == "@imarr"


def test_what_a_code_blocks_comments_say_of_a_declared_name_is_said_of_it_under_its_block():
    """"// … Defaults to 9." right above "uint32 blast_count = 2;" inside "message StormMode {" is read as a field of
    StormMode's blast_count, one per sentence of the comment, at the declaration's line; a comment above no declaration
    (a block's opening, a closing brace) says nothing of a name."""
    from graphrag_bench.answers.sentences import passage_sentences

    head, start, body = NOTES["K45-horn-config.md"]
    read = {s.text: s.line for s in passage_sentences("K45-horn-config.md", start, f"{head}\n{body}", 0)}
    assert read["StormMode blast_count: Defaults to 9."] == start + 20, read
    assert read["FogMode blast_count: Defaults to 4."] == start + 10, read
    assert read["HornConfig test_interval: How often the horn is tested."] == start + 5, read
    assert not any(text.startswith(("HornConfig FogMode", "HornConfig StormMode")) for text in read), read


def test_a_default_a_documented_field_gives_answers_the_default_of_the_name_the_question_writes_as_code(answerer):
    """"the default blast_count values for the fog mode and the storm mode, and the default storm threshold": each
    block's blast_count field, not another field whose comment says "value" and a number ("wind_factor: … the value
    should be 3000"), and of each the value "Defaults to" gives, not the words of the field."""
    answer = _answer(answerer, "In the horn controller config, what are the default blast_count values for the fog "
                     "mode and the storm mode, and what is the default storm threshold?", "K45-horn-config.md")
    assert answer.splitlines()[0].startswith("Answer: 4; 9; 20 ("), answer


def test_a_value_the_word_set_before_the_asked_noun_gives_answers_it(answerer):
    """"What is the default storm threshold": "Defaults to 20." gives the default its value, in a field of the
    threshold or in a sentence that says what the threshold is; a number the sentence gives otherwise does not."""
    assert _chosen(answerer, "What is the default storm threshold?", "StormMode threshold: Defaults to 20.") == "20"
    assert _chosen(answerer, "What is the default storm threshold?",
                   "The storm threshold is the blast rate above which the 2 keepers are paged, and defaults to 20.") == "20"


def test_an_html_tables_bold_first_row_is_its_header():
    """A table whose first row's cells are all bold ("<td><strong>Crew</strong></td>") has that row as its header:
    each row is read with it ("Crew: Lamp Crew; Warden: Ida Marr"); a first row with a plain cell is a row."""
    from graphrag_bench.answers.sentences import passage_sentences

    head, start, body = NOTES["WARDENS"]
    read = [s.text for s in passage_sentences("WARDENS", start, f"{head}\n{body}", 0)]
    assert "Crew: Lamp Crew; Warden: Ida Marr" in read and "Crew; Warden" not in read, read
    plain = body.replace("<strong>Warden</strong>", "Warden")
    assert "Crew; Warden" in [s.text for s in passage_sentences("WARDENS", start, f"{head}\n{plain}", 0)]


def test_who_is_the_one_a_clause_describes_is_that_one(answerer):
    """"who is the warden assigned to the Lamp Crew" asks which warden the clause describes (Ida Marr, of the Lamp
    Crew's row), and nothing more of her."""
    answer = _answer(answerer, "Who is the warden assigned to the Lamp Crew?", "WARDENS", "LC-2")
    assert answer.splitlines()[0].startswith("Answer: Ida Marr ("), answer


def test_each_of_a_kind_the_question_names_is_no_pointer_to_the_things_listed_before(answerer):
    """"… for Lamps and for Bells, and what limit applies to each UDP packet": "each UDP packet" is of packets, not
    of Lamps and Bells; "who is the backup for each" still asks of both."""
    parts = [p.text for p in answerer.slots.read("Who leads for Lamps and for Bells, and what limit applies to each UDP "
                                                  "packet?").parts]
    assert parts[-1] == "what limit applies to each UDP packet", parts
    parts = [p.text for p in answerer.slots.read("Who leads for Lamps and for Bells, and who is the backup for each?").parts]
    assert parts[-2:] == ["who is the backup for Lamps", "who is the backup for Bells"], parts
