"""Python client for the voicelib speech API."""
from .async_client import AsyncClient, AsyncSpeechStream
from .client import Client, SpeechStream
from .errors import VoicelibError
from .models import GenerationRecord, HistoryPage, Lexicon, LexiconEntry, LexiconSummary, Speech, Voice, VoicePage

__all__ = [
    "AsyncClient",
    "AsyncSpeechStream",
    "Client",
    "GenerationRecord",
    "HistoryPage",
    "Lexicon",
    "LexiconEntry",
    "LexiconSummary",
    "Speech",
    "SpeechStream",
    "Voice",
    "VoicePage",
    "VoicelibError",
]
__version__ = "0.1.0"
