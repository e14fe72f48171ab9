"""The reviews service: answers from every entrance turned into fsrs memories, at each member's retention."""

from bot.reviews.answers import Reviews
from bot.reviews.service import MemoryShelf, review_assignment_answer, reviewed_memories, save_reviews

__all__ = ["MemoryShelf", "Reviews", "review_assignment_answer", "reviewed_memories", "save_reviews"]
