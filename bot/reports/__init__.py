"""Members' reports of questions that look wrong, and the moderators' queue of them: one service for
Discord's Report button and /quiz flags and for the dashboard's flags page."""

from bot.reports.question_reports import CLOSINGS, QuestionReports

__all__ = ["CLOSINGS", "QuestionReports"]
