import { api, describeError, toBase64 } from './api.js';
import { field, h, messageBox, whileBusy } from './dom.js';

/** Clone a voice from an uploaded file or a recording made here with the microphone (MediaRecorder). */
export function cloneForm(onCreated: () => void): HTMLElement {
  const name = h('input', { type: 'text', maxLength: 80, required: true });
  const language = h('input', { type: 'text', list: 'languages', value: 'auto', required: true, autocomplete: 'off' });
  const file = h('input', { type: 'file', accept: 'audio/*,video/mp4,.m4a,.webm' });
  const transcript = h('textarea', { rows: 2, maxLength: 5000 });
  const denoise = h('input', { type: 'checkbox', checked: true });
  const record = h('button', { type: 'button' }, '● Record');
  const recording = h('audio', { controls: true, hidden: true, 'aria-label': 'Your recording' });
  const recordNote = h('span', { class: 'note', 'aria-live': 'polite' });
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Create clone');
  const messages = messageBox();
  let recorded: Blob | null = null;
  let recorder: MediaRecorder | null = null;
  let timer = 0;

  record.addEventListener('click', async () => {
    if (recorder) {
      recorder.stop();
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const chunks: Blob[] = [];
      recorder = new MediaRecorder(stream);
      recorder.addEventListener('dataavailable', (e) => chunks.push(e.data));
      recorder.addEventListener('stop', () => {
        for (const track of stream.getTracks()) track.stop();
        clearInterval(timer);
        recorded = new Blob(chunks, { type: recorder?.mimeType || 'audio/webm' });
        recorder = null;
        recording.src = URL.createObjectURL(recorded);
        recording.hidden = false;
        record.textContent = '● Record again';
        recordNote.textContent = `Recorded ${(recorded.size / 1024).toFixed(0)} KB; it is used instead of a file.`;
        file.value = '';
      });
      const started = Date.now();
      recorder.start();
      record.textContent = '■ Stop recording';
      timer = window.setInterval(() => {
        const seconds = Math.round((Date.now() - started) / 1000);
        recordNote.textContent = `Recording… ${seconds} s (about 30 s is best)`;
        if (seconds >= 30) recorder?.stop();
      }, 500);
    } catch (error) {
      messages.show(`Cannot record: ${describeError(error)}`);
    }
  });
  file.addEventListener('change', () => {
    if (file.files?.length) {
      recorded = null;
      recording.hidden = true;
      recordNote.textContent = '';
    }
  });

  async function send(event: Event): Promise<void> {
    event.preventDefault();
    const audio = recorded ?? file.files?.[0] ?? null;
    if (!audio) {
      messages.show('Choose a recording file or record one first.');
      return;
    }
    messages.show('Cloning…', 'info');
    await whileBusy(submit, (error) => messages.show(describeError(error)), async () => {
      const sample: Record<string, string> = { audio_base64: await toBase64(audio) };
      if (transcript.value.trim()) sample['transcript'] = transcript.value.trim();
      const made = await api.post<{ id: string; name: string; audio_notes?: string[]; used: number; limit: number }>('/api/v1/voices/clones', {
        name: name.value,
        language: language.value,
        samples: [sample],
        remove_background_noise: denoise.checked,
      });
      const notes = made.audio_notes?.length ? ` Notes: ${made.audio_notes.join('; ')}.` : '';
      messages.show(`Created clone “${made.name}” (${made.id}); clone slots ${made.used} of ${made.limit}.${notes}`, 'info');
      for (const input of [name, file, transcript]) input.value = '';
      recorded = null;
      recording.hidden = true;
      record.textContent = '● Record';
      recordNote.textContent = '';
      onCreated();
    });
  }

  return h(
    'form',
    { class: 'card', onsubmit: send, 'aria-label': 'Clone a voice' },
    h('h3', {}, 'Clone a voice'),
    field('Name', name),
    field('Language', language, 'A name or code; auto detects it'),
    field('Recording file', file, 'About 30 seconds of one speaker; MP3, WAV, WebM, M4A…'),
    h('div', { class: 'row' }, record, recordNote),
    recording,
    field('Transcript (optional)', transcript),
    h('label', { class: 'check' }, denoise, ' Remove background noise'),
    submit,
    messages,
  );
}
