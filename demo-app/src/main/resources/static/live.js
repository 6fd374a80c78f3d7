// The live page: a chat over a WebSocket, a feed of server-sent events and an upload form.

// ---- the chat: what any window sends, every window shows
const chatCard = document.getElementById('chat');
const chatStatus = document.getElementById('chat-status');
const chatMessages = document.getElementById('chat-messages');
const chatForm = document.getElementById('chat-form');
const chatText = document.getElementById('chat-text');
const chatSend = document.getElementById('chat-send');

const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/live/chat`);
socket.addEventListener('open', () => {
  chatStatus.textContent = 'Connected';
  chatSend.disabled = false;
  chatCard.classList.add('loaded');
});
socket.addEventListener('message', (event) => append(chatMessages, event.data));
socket.addEventListener('close', (event) => {
  chatStatus.textContent = `Disconnected (${event.code})`;
  chatSend.disabled = true;
  chatCard.classList.remove('loaded');
  chatCard.classList.add('failed');
});
chatForm.addEventListener('submit', (event) => {
  event.preventDefault();
  socket.send(chatText.value);
  chatText.value = '';
});

// ---- the events: the server's clock, and each upload anyone makes
const clock = document.getElementById('clock');
const activity = document.getElementById('activity');

const events = new EventSource('/live/events');
events.addEventListener('clock', (event) => {
  clock.dateTime = event.data;
  clock.textContent = new Date(event.data).toLocaleTimeString();
  document.getElementById('events').classList.add('loaded');
});
events.addEventListener('upload', (event) => {
  const upload = JSON.parse(event.data);
  append(activity, `Uploaded ${upload.name} (${upload.size} bytes)`);
});

// ---- the upload: the server answers what it received, or a problem saying what was wrong
const uploadCard = document.getElementById('upload');
const uploadForm = document.getElementById('upload-form');
const uploadAnswer = document.getElementById('upload-answer');

uploadForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  uploadCard.classList.remove('loaded', 'failed');
  try {
    const response = await fetch('/live/uploads', { method: 'POST', body: new FormData(uploadForm) });
    const answer = await response.json();
    if (!response.ok) {
      throw new Error(answer.detail ?? `POST /live/uploads answered ${response.status}`);
    }
    uploadAnswer.textContent = `Received ${answer.name}: ${answer.size} bytes of ${answer.contentType}`;
    uploadCard.classList.add('loaded');
  }
  catch (error) {
    uploadAnswer.textContent = error.message;
    uploadCard.classList.add('failed');
  }
});

function append(list, text) {
  const item = document.createElement('li');
  item.textContent = text;
  list.append(item);
}
